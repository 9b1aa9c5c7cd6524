// HTTP side of the server: health, stats, the batch pricing endpoint and the built app.
// WebSocket upgrades never reach this handler (the gateway takes them).
import { readFile } from 'node:fs/promises';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { join } from 'node:path';
import { pricingPool } from '../pricing/pricing-pool';
import { type Logger, silentLogger } from '../gateway/log';
import { DEFAULT_CSP, applySecurityHeaders } from './security-headers';
import { StaticFiles } from './static-files';

export interface HttpAppOptions {
  /** Built app folder; null or missing on disk -> only the API is served. */
  distDir: string | null;
  /** True once sockets are accepted. */
  ready: () => boolean;
  stats: () => Record<string, unknown>;
  /** Largest accepted POST /api/price body. */
  maxPriceBodyBytes?: number;
  /** Largest accepted pricing batch. */
  maxPriceBatch?: number;
  csp?: string | null;
  log?: Logger;
  /** The desk clock's offset (src/clock): added to /config.json so pages share the server's "now". */
  clockOffsetMs?: number;
}

class HttpError extends Error {
  constructor(
    readonly status: number,
    message: string,
  ) {
    super(message);
  }
}

function sendJson(res: ServerResponse, status: number, value: unknown): void {
  const body = JSON.stringify(value);
  res.statusCode = status;
  res.setHeader('Content-Type', 'application/json; charset=utf-8');
  res.setHeader('Cache-Control', 'no-store');
  res.setHeader('Content-Length', Buffer.byteLength(body));
  res.end(body);
}

function readBody(req: IncomingMessage, limit: number): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    const declared = Number(req.headers['content-length']);
    if (Number.isFinite(declared) && declared > limit) return reject(new HttpError(413, `body larger than ${limit} bytes`));
    const chunks: Buffer[] = [];
    let size = 0;
    req.on('data', (c: Buffer) => {
      size += c.length;
      if (size > limit) {
        // Stop buffering but drain the rest, so the 413 can still be delivered.
        req.removeAllListeners('data');
        req.resume();
        reject(new HttpError(413, `body larger than ${limit} bytes`));
        return;
      }
      chunks.push(c);
    });
    req.on('end', () => resolve(Buffer.concat(chunks)));
    req.on('error', reject);
  });
}

/** The built /config.json plus the desk clock's offset, revalidated like the file itself. */
async function configWithClock(res: ServerResponse, distDir: string, offsetMs: number): Promise<void> {
  const raw = await readFile(join(distDir, 'config.json'), 'utf8').catch(() => '{}');
  const body = JSON.stringify({ ...(JSON.parse(raw) as object), DESK_CLOCK_OFFSET_MS: offsetMs });
  res.statusCode = 200;
  res.setHeader('Content-Type', 'application/json; charset=utf-8');
  res.setHeader('Cache-Control', 'no-cache');
  res.setHeader('Content-Length', Buffer.byteLength(body));
  res.end(body);
}

export function createHttpApp(opts: HttpAppOptions): (req: IncomingMessage, res: ServerResponse) => void {
  const log = opts.log ?? silentLogger;
  const files = opts.distDir ? new StaticFiles(opts.distDir) : null;
  const maxPriceBody = opts.maxPriceBodyBytes ?? 1024 * 1024;
  const maxBatch = opts.maxPriceBatch ?? 1_000;
  const csp = opts.csp === undefined ? DEFAULT_CSP : opts.csp;

  async function pricePost(req: IncomingMessage, res: ServerResponse): Promise<void> {
    const type = req.headers['content-type'] ?? '';
    if (!/^application\/json\b/i.test(type)) throw new HttpError(415, 'Content-Type must be application/json');
    const raw = await readBody(req, maxPriceBody);
    let parsed: unknown;
    try {
      parsed = JSON.parse(raw.toString('utf8'));
    } catch {
      throw new HttpError(400, 'body is not valid JSON');
    }
    if (!Array.isArray(parsed)) throw new HttpError(400, 'body must be a JSON array of pricing requests');
    if (parsed.length > maxBatch) throw new HttpError(413, `at most ${maxBatch} requests per batch`);
    sendJson(res, 200, await pricingPool().priceBatch(parsed)); // off the event loop
  }

  async function route(req: IncomingMessage, res: ServerResponse): Promise<void> {
    const url = new URL(req.url ?? '/', 'http://localhost');
    const path = url.pathname;
    if (path === '/healthz') {
      if (req.method !== 'GET' && req.method !== 'HEAD') throw new HttpError(405, 'GET only');
      return sendJson(res, opts.ready() ? 200 : 503, { ok: opts.ready(), ...opts.stats() });
    }
    if (path === '/api/stats') {
      if (req.method !== 'GET') throw new HttpError(405, 'GET only');
      return sendJson(res, 200, opts.stats());
    }
    if (path === '/api/price') {
      if (req.method !== 'POST') throw new HttpError(405, 'POST only');
      return pricePost(req, res);
    }
    if (path.startsWith('/api/') || path === '/gw/ws') throw new HttpError(404, 'not found');
    if (req.method !== 'GET' && req.method !== 'HEAD') throw new HttpError(405, 'method not allowed');
    if (path === '/config.json' && opts.clockOffsetMs && opts.distDir) return configWithClock(res, opts.distDir, opts.clockOffsetMs);
    if (files && (await files.serve(req, res, path))) return;
    throw new HttpError(404, files ? 'not found' : 'not found (the web app is not built: run npm run build)');
  }

  return (req, res) => {
    applySecurityHeaders(res, csp);
    route(req, res).catch((e) => {
      if (res.headersSent) return void res.destroy();
      if (e instanceof HttpError) {
        if (e.status === 413) res.setHeader('Connection', 'close');
        if (e.status === 405) res.setHeader('Allow', e.message.startsWith('POST') ? 'POST' : 'GET, HEAD');
        return sendJson(res, e.status, { error: e.message });
      }
      log.error('HTTP handler failed', { url: req.url, err: String(e) });
      sendJson(res, 500, { error: 'server error' });
    });
  };
}
