// Serves the built web app from dist/. Paths that look like files must exist (404
// otherwise); paths without an extension are client routes and get index.html (SPA
// fallback). Hashed assets are immutable; the entry points are always revalidated.
import { createReadStream } from 'node:fs';
import { stat } from 'node:fs/promises';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { extname, join, normalize, sep } from 'node:path';

const CONTENT_TYPES: Record<string, string> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.mjs': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.json': 'application/json; charset=utf-8',
  '.webmanifest': 'application/manifest+json; charset=utf-8',
  '.map': 'application/json; charset=utf-8',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.jpg': 'image/jpeg',
  '.jpeg': 'image/jpeg',
  '.gif': 'image/gif',
  '.webp': 'image/webp',
  '.ico': 'image/x-icon',
  '.wasm': 'application/wasm',
  '.woff': 'font/woff',
  '.woff2': 'font/woff2',
  '.ttf': 'font/ttf',
  '.txt': 'text/plain; charset=utf-8',
  '.xlsx': 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
  '.pdf': 'application/pdf',
};

/** Files the browser must revalidate every time (they name everything else). */
const NO_CACHE = new Set(['/index.html', '/sw.js', '/config.json', '/manifest.webmanifest', '/registerSW.js']);
/** Vite's content-hashed output: name-HASH.ext with an 8+ char hash. */
const HASHED = /^\/assets\/.+-[A-Za-z0-9_-]{8,}\.[a-z0-9]+$/;

export function contentTypeOf(path: string): string {
  return CONTENT_TYPES[extname(path).toLowerCase()] ?? 'application/octet-stream';
}

export function cacheControlFor(urlPath: string): string {
  if (NO_CACHE.has(urlPath) || urlPath.endsWith('.html')) return 'no-cache';
  if (HASHED.test(urlPath) || /^\/workbox-[a-f0-9]{8}\.js$/.test(urlPath)) return 'public, max-age=31536000, immutable';
  return 'public, max-age=3600';
}

export class StaticFiles {
  constructor(private readonly root: string) {}

  /** Resolves a URL path inside root, or null if it escapes it. */
  private resolve(urlPath: string): string | null {
    let decoded: string;
    try {
      decoded = decodeURIComponent(urlPath);
    } catch {
      return null;
    }
    if (decoded.includes('\0')) return null;
    const full = normalize(join(this.root, decoded));
    return full === this.root || full.startsWith(this.root.endsWith(sep) ? this.root : this.root + sep) ? full : null;
  }

  /** Serves GET/HEAD for the app; returns false if nothing matched (caller sends 404). */
  async serve(req: IncomingMessage, res: ServerResponse, urlPath: string): Promise<boolean> {
    let path = urlPath === '/' ? '/index.html' : urlPath;
    let file = this.resolve(path);
    if (!file) return false;
    let info = await stat(file).catch(() => null);
    if (!info?.isFile()) {
      if (extname(path) !== '') return false; // a missing asset is a 404, not the app
      path = '/index.html';
      file = this.resolve(path)!;
      info = await stat(file).catch(() => null);
      if (!info?.isFile()) return false;
    }
    res.statusCode = 200;
    res.setHeader('Content-Type', contentTypeOf(file));
    res.setHeader('Content-Length', info.size);
    res.setHeader('Cache-Control', cacheControlFor(path));
    res.setHeader('Last-Modified', info.mtime.toUTCString());
    if (path === '/sw.js') res.setHeader('Service-Worker-Allowed', '/');
    if (req.method === 'HEAD') {
      res.end();
      return true;
    }
    await new Promise<void>((resolve) => {
      const stream = createReadStream(file!);
      stream.on('error', () => {
        res.destroy();
        resolve();
      });
      stream.on('end', resolve);
      stream.pipe(res);
    });
    return true;
  }
}
