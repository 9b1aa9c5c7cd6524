// A static server for the built app (dist/) with the SPA fallback, on a random loopback
// port. No backend: socket upgrades are refused, so the app runs with its connection down,
// which is what the shell tests want (no session check can reject their stored sid).
import { createReadStream, existsSync, readFileSync, statSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { extname, join, normalize } from 'node:path';

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

export async function startAppServer(root = join(process.cwd(), 'dist')): Promise<AppServer> {
  if (!existsSync(join(root, 'index.html'))) throw new Error(`no build in ${root}: run npm run build first`);
  let swSuffix = '';
  const server: Server = createServer((req, res) => {
    const path = decodeURIComponent(new URL(req.url ?? '/', 'http://x').pathname);
    if (path === '/sw.js' && swSuffix) {
      res.writeHead(200, { 'content-type': 'text/javascript', 'cache-control': 'no-cache' });
      res.end(`${readFileSync(join(root, 'sw.js'), 'utf8')}\n// ${swSuffix}\n`);
      return;
    }
    let file = normalize(join(root, path));
    if (!file.startsWith(root) || !existsSync(file) || statSync(file).isDirectory()) file = join(root, 'index.html');
    res.writeHead(200, {
      'content-type': TYPES[extname(file)] ?? 'application/octet-stream',
      'cache-control': file.endsWith('sw.js') || file.endsWith('index.html') ? 'no-cache' : 'max-age=3600',
    });
    createReadStream(file).pipe(res);
  });
  server.on('upgrade', (_req, socket) => socket.destroy());
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
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
