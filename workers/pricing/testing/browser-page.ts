// Vitest only (registers beforeAll/afterAll): a page bundled from `pageSource` (TypeScript
// resolved from workers/pricing/) with the MC worker, opened in headless Chromium with
// WebGPU exposed (SwiftShader via --enable-unsafe-webgpu), for the tests of one describe.
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll } from 'vitest';
import type { Page } from '@playwright/test';
import { openBundledPage, type BrowserHarness } from '../../../src/kit/pricing/testing/browser-harness';

const here = fileURLToPath(new URL('..', import.meta.url)); // workers/pricing/

/** Returns the open page (valid inside the tests). */
export function mcWorkerPage(pageSource: string): () => Page {
  let h: BrowserHarness | undefined;
  beforeAll(async () => {
    h = await openBundledPage({ pageSource, resolveDir: here, workerEntry: 'browser-mc-worker.ts', chromiumArgs: ['--enable-unsafe-webgpu'] });
  }, 60_000);
  afterAll(async () => {
    await h?.close();
  });
  return () => h!.page;
}
