// How a tool's inputs are kept in localStorage: a small envelope `{ v, data }` (v = the
// tool's state version) read back through the tool's zod schema. A stale or corrupt value
// never crashes a tool: fields that still validate are kept, the others take their
// defaults, and only that one key is affected.
import { z } from 'zod';

export interface StateSpec<T> {
  /** localStorage key: a PricingCacheKey value or toolCacheKey(route) (cleared at logout). */
  key: string;
  /** Bump when the shape changes; older stored values go through `migrate` first. */
  version: number;
  schema: z.ZodType<T>;
  defaults: T;
  /** Turns a value stored by an older version into the current shape (then validated). */
  migrate?: (data: unknown, fromVersion: number) => unknown;
}

interface Envelope {
  v: number;
  data: unknown;
}

export function encodeState<T>(spec: Pick<StateSpec<T>, 'version'>, value: T): string {
  return JSON.stringify({ v: spec.version, data: value } satisfies Envelope);
}

export type DecodeOutcome<T> =
  | { kind: 'absent'; value: T }
  | { kind: 'ok'; value: T }
  /** Some fields were invalid and took their defaults (named in `dropped`). */
  | { kind: 'salvaged'; value: T; dropped: string[] }
  /** Nothing usable (not JSON, a newer or unknown version, wrong shape): defaults. */
  | { kind: 'reset'; value: T; reason: string };

function isPlainObject(v: unknown): v is Record<string, unknown> {
  return typeof v === 'object' && v !== null && !Array.isArray(v);
}

/** Reads a stored string back into a valid value; never throws. */
export function decodeState<T>(spec: StateSpec<T>, raw: string | null): DecodeOutcome<T> {
  if (raw === null) return { kind: 'absent', value: spec.defaults };
  let parsed: unknown;
  try {
    parsed = JSON.parse(raw);
  } catch {
    return { kind: 'reset', value: spec.defaults, reason: 'not JSON' };
  }
  if (!isPlainObject(parsed) || typeof parsed.v !== 'number' || !('data' in parsed)) {
    return { kind: 'reset', value: spec.defaults, reason: 'not a versioned value' };
  }
  let data = parsed.data;
  if (parsed.v !== spec.version) {
    // A newer version was written by a newer build in another window: we cannot read it.
    if (parsed.v > spec.version || !spec.migrate) return { kind: 'reset', value: spec.defaults, reason: `version ${parsed.v}, expected ${spec.version}` };
    try {
      data = spec.migrate(data, parsed.v);
    } catch (e) {
      return { kind: 'reset', value: spec.defaults, reason: `migration from ${parsed.v} failed: ${String(e)}` };
    }
  }
  const whole = spec.schema.safeParse(data);
  if (whole.success) return { kind: 'ok', value: whole.data };
  return salvage(spec, data);
}

/** Keeps each field of an object state that validates on its own; defaults for the rest. */
function salvage<T>(spec: StateSpec<T>, data: unknown): DecodeOutcome<T> {
  const schema = spec.schema as unknown;
  if (!(schema instanceof z.ZodObject) || !isPlainObject(data) || !isPlainObject(spec.defaults)) {
    return { kind: 'reset', value: spec.defaults, reason: 'invalid value' };
  }
  const shape = schema.shape as Record<string, z.ZodType>;
  const merged: Record<string, unknown> = { ...spec.defaults };
  const dropped: string[] = [];
  for (const key of Object.keys(shape)) {
    if (!(key in data)) continue;
    const field = shape[key].safeParse(data[key]);
    if (field.success) merged[key] = field.data;
    else dropped.push(key);
  }
  // Cross-field rules (refinements) still apply to the merged value.
  const again = spec.schema.safeParse(merged);
  if (!again.success) return { kind: 'reset', value: spec.defaults, reason: 'invalid value' };
  return { kind: 'salvaged', value: again.data, dropped };
}
