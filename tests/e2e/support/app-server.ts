// A static server for the built app (dist/) with the SPA fallback, on a random loopback
// port. No backend: socket upgrades are refused, so the app runs with its connection down,
// which is what the shell tests want (no session check can reject their stored sid).
import { createReadStream, existsSync, readFileSync, statSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { extname, join, normalize } from 'node:path';
import { cacheControlFor } from '../../../server/http/static-files';

const TYPES: Record<string, string> = {
  '.html': 'text/html; charset=utf-8', '.js': 'text/javascript', '.css': 'text/css', '.json': 'application/json',
  '.png': 'image/png', '.svg': 'image/svg+xml', '.webmanifest': 'application/manifest+json', '.wasm': 'application/wasm',
};

export interface AppServer {
  url: string;
  close(): Promise<void>;
  /** Serve sw.js with this comment appended: a byte change the browser sees as a new version. */
  setServiceWorkerSuffix(suffix: string): void;
}

export interface AppServerOptions {
  /** Listen on this port (to come back on the same origin after close()); random by default. */
  port?: number;
  /** Bodies served instead of the built files, by URL path (an operator's edit on the server). */
  files?: Record<string, string>;
}

export async function startAppServer(root = join(process.cwd(), 'dist'), opts: AppServerOptions = {}): Promise<AppServer> {
  if (!existsSync(join(root, 'index.html'))) throw new Error(`no build in ${root}: run npm run build first`);
  let swSuffix = '';
  const server: Server = createServer((req, res) => {
    const path = decodeURIComponent(new URL(req.url ?? '/', 'http://x').pathname);
    const body = opts.files && Object.hasOwn(opts.files, path) ? opts.files[path] : undefined;
    if (body !== undefined) {
      res.writeHead(200, { 'content-type': TYPES[extname(path)] ?? 'application/octet-stream', 'cache-control': cacheControlFor(path) });
      res.end(body);
      return;
    }
    if (path === '/sw.js' && swSuffix) {
      res.writeHead(200, { 'content-type': 'text/javascript', 'cache-control': 'no-cache' });
      res.end(`${readFileSync(join(root, 'sw.js'), 'utf8')}\n// ${swSuffix}\n`);
      return;
    }
    let file = normalize(join(root, path));
    if (!file.startsWith(root) || !existsSync(file) || statSync(file).isDirectory()) file = join(root, 'index.html');
    res.writeHead(200, {
      'content-type': TYPES[extname(file)] ?? 'application/octet-stream',
      // the production server's headers, so the HTTP cache behaves as it would there
      'cache-control': cacheControlFor(file === join(root, 'index.html') ? '/index.html' : path),
    });
    createReadStream(file).pipe(res);
  });
  server.on('upgrade', (_req, socket) => socket.destroy());
  await new Promise<void>((resolve) => server.listen(opts.port ?? 0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    setServiceWorkerSuffix: (suffix) => { swSuffix = suffix; },
    close: () => new Promise((resolve) => {
      server.closeAllConnections();
      server.close(() => resolve());
    }),
  };
}

/** localStorage of a signed-in user (a session `ageDays` old), set before the app starts. */
export function sessionStorageInit(opts: { ageDays?: number; lang?: 'zh' | 'en'; role?: string; extra?: Record<string, string> } = {}) {
  const day = 24 * 60 * 60 * 1000;
  return {
    sid: 'e2e-sid',
    loginTime: String(Date.now() - (opts.ageDays ?? 0) * day),
    username: 'alice',
    Lang: opts.lang ?? 'zh',
    ...(opts.role ? { Role: opts.role } : {}),
    ...opts.extra,
  };
}
