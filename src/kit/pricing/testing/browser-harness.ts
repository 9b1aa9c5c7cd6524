// Tests and benches only: a page entry (and its module worker) bundled with esbuild, served
// on a random loopback port, opened in Debian's headless Chromium. The page reaches the
// worker at `workerPath`, which is where `new URL('./<worker>.ts', import.meta.url)` points
// from `/page.js`.
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { fileURLToPath } from 'node:url';
import { build } from 'esbuild';
import { chromium, type Browser, type Page } from '@playwright/test';

const here = fileURLToPath(new URL('..', import.meta.url)); // src/kit/pricing/

export interface BrowserHarness {
  page: Page;
  close(): Promise<void>;
}

export interface BundledPage {
  /** TypeScript resolved from `resolveDir`; it sets `window.ready = true`. */
  pageSource: string;
  /** Directory (ending in `/`) the page imports and `workerEntry` resolve from. */
  resolveDir: string;
  /** File name of the module worker inside `resolveDir`, served at `/<workerEntry>`. */
  workerEntry: string;
  /** Serve the worker for any URL starting with its path (query strings allowed). */
  workerPrefixMatch?: boolean;
  minify?: boolean;
  /** Chromium switches besides the sandbox/network ones every run uses. */
  chromiumArgs?: string[];
}

/** Bundles, serves and opens `opts`; the caller closes the returned harness. */
export async function openBundledPage(opts: BundledPage): Promise<BrowserHarness> {
  const common = { bundle: true, format: 'esm' as const, write: false, platform: 'browser' as const, target: 'es2022', logLevel: 'silent' as const, ...(opts.minify ? { minify: true } : {}) };
  const [page, worker] = await Promise.all([
    build({ ...common, stdin: { contents: opts.pageSource, resolveDir: opts.resolveDir, loader: 'ts', sourcefile: 'page.ts' } }),
    build({ ...common, entryPoints: [`${opts.resolveDir}${opts.workerEntry}`] }),
  ]);
  const pageJs = page.outputFiles![0].text;
  const workerJs = worker.outputFiles![0].text;
  const workerPath = `/${opts.workerEntry}`;
  const server: Server = createServer((req, res) => {
    const js = (body: string) => res.writeHead(200, { 'content-type': 'text/javascript' }).end(body);
    if (req.url === '/page.js') return js(pageJs);
    if (opts.workerPrefixMatch ? req.url?.startsWith(workerPath) : req.url === workerPath) return js(workerJs);
    res.writeHead(200, { 'content-type': 'text/html' }).end('<!doctype html><script type="module" src="/page.js"></script>');
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  let browser: Browser | undefined;
  try {
    browser = await chromium.launch({
      executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
      args: ['--no-sandbox', ...(opts.chromiumArgs ?? []), '--disable-quic', '--no-first-run', '--disable-background-networking', '--disable-component-update', '--disable-sync'],
    });
    const p = await browser.newPage();
    await p.goto(`http://127.0.0.1:${(server.address() as AddressInfo).port}/`);
    await p.waitForFunction(() => (window as unknown as { ready?: boolean }).ready === true);
    return {
      page: p,
      async close() {
        await browser?.close();
        await new Promise<void>((r) => server.close(() => r()));
      },
    };
  } catch (e) {
    await browser?.close();
    await new Promise<void>((r) => server.close(() => r()));
    throw e;
  }
}

/** `pageSource` is TypeScript resolved from src/kit/pricing/; it sets `window.ready = true`. */
export function openPricingPage(pageSource: string): Promise<BrowserHarness> {
  return openBundledPage({ pageSource, resolveDir: here, workerEntry: 'pricing-worker.ts', workerPrefixMatch: true, minify: true, chromiumArgs: ['--disable-gpu'] });
}
