// The editor's inputs, kept across reloads (kit/tool-state; cleared at logout): the package
// source as typed, pricing inputs, market overrides (null = the market's figure) and which
// saved package is open. A saved package's payload is `PackagePayload` (versioned by the
// share service; the package's own revision is the `version` in its text).
import { z } from 'zod';
import { persistedAtom, toolCacheKey } from '../../kit/tool-state';
import { templateSource } from '../../pricing-core/instruments/structured/templates';

export const MAX_SOURCE_CHARS = 100_000;

export const Overrides = z.object({
  spot: z.number().positive().nullable(),
  /** Percent numbers, as typed (5.5 = 5.5 %). */
  vol: z.number().min(0).nullable(),
  rd: z.number().nullable(),
  rf: z.number().nullable(),
});
export type Overrides = z.infer<typeof Overrides>;

export const EditorInputs = z.object({
  src: z.string().max(MAX_SOURCE_CHARS),
  template: z.string().max(40),
  principal: z.number().positive().nullable(),
  /** ISO date; '' = today. */
  valuationDate: z.string().max(10),
  overrides: Overrides,
  paths: z.number().int().min(1024).max(1_048_576),
  seed: z.number().int().min(1).max(2 ** 31 - 1),
  /** The saved package open in the editor (one of the user's own), if any. */
  openId: z.string().max(64).nullable(),
});
export type EditorInputs = z.infer<typeof EditorInputs>;

export const SAMPLE_PRINCIPAL = 10_000_000;

export const DEFAULT_INPUTS: EditorInputs = {
  src: templateSource('snowball', { name: 'Snowball', levels: 'fx' }),
  template: 'snowball',
  principal: SAMPLE_PRINCIPAL,
  valuationDate: '',
  overrides: { spot: null, vol: null, rd: null, rf: null },
  paths: 32_768,
  seed: 1,
  openId: null,
};

export const editorAtom = persistedAtom({ key: toolCacheKey('structuredProducts'), version: 1, schema: EditorInputs, defaults: DEFAULT_INPUTS });

/** What a saved package holds (tool `structuredProducts` of the share service). */
export const PackagePayload = z.object({
  src: z.string().max(MAX_SOURCE_CHARS),
  principal: z.number().positive().nullable(),
});
export type PackagePayload = z.infer<typeof PackagePayload>;
export const PAYLOAD_VERSION = 1;
export const payloadSpec = { version: PAYLOAD_VERSION, schema: PackagePayload, defaults: { src: DEFAULT_INPUTS.src, principal: SAMPLE_PRINCIPAL } };
