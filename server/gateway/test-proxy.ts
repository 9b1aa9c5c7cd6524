// A small reverse proxy for the gateway's tests, run as its own process: it forwards
// WebSocket upgrades to an upstream port the way nginx or Caddy do (keeping or rewriting
// Host, appending X-Forwarded-For, setting X-Forwarded-Host/-Proto) and relays the
// upstream's answer, 101 or refusal, unchanged. `startTestProxy()` spawns it; run directly,
// it reads its options as JSON from argv[2] and prints `PORT <n>` once listening.
import { spawn } from 'node:child_process';
import { type IncomingMessage, createServer, request } from 'node:http';
import type { AddressInfo, Socket } from 'node:net';
import type { Duplex } from 'node:stream';
import { fileURLToPath } from 'node:url';

export interface TestProxyOptions {
  upstreamPort: number;
  /** Local address of the proxy's upstream connections (what the gateway sees as peer). */
  localAddress?: string;
  /** Keep the browser's Host header (Caddy's default, nginx `proxy_set_header Host $host`);
   * otherwise send the upstream's own host:port (nginx's default). */
  keepHost: boolean;
  /** Append X-Forwarded-For and set X-Forwarded-Host/-Proto. */
  forwardedHeaders: boolean;
  /** Scheme reported in X-Forwarded-Proto (a TLS terminator says https). */
  proto?: 'http' | 'https';
}

export interface TestProxy {
  port: number;
  url: string;
  stop(): Promise<void>;
}

/** Spawns the proxy in a child process; resolves once it listens. */
export function startTestProxy(opts: TestProxyOptions): Promise<TestProxy> {
  const child = spawn(process.execPath, ['--import', 'tsx', fileURLToPath(import.meta.url), JSON.stringify(opts)], { stdio: ['ignore', 'pipe', 'inherit'] });
  return new Promise((resolve, reject) => {
    let out = '';
    child.once('exit', (code) => reject(new Error(`test proxy exited ${code}`)));
    child.stdout!.on('data', (d) => {
      out += d;
      const m = /PORT (\d+)/.exec(out);
      if (!m) return;
      const port = Number(m[1]);
      resolve({
        port,
        url: `ws://127.0.0.1:${port}/gw/ws`,
        stop: () =>
          new Promise<void>((done) => {
            child.removeAllListeners('exit');
            if (child.exitCode !== null) return done();
            child.once('exit', () => done());
            child.kill('SIGTERM');
          }),
      });
    });
  });
}

function headerBlock(statusLine: string, rawHeaders: string[]): string {
  let s = `${statusLine}\r\n`;
  for (let i = 0; i < rawHeaders.length; i += 2) s += `${rawHeaders[i]}: ${rawHeaders[i + 1]}\r\n`;
  return `${s}\r\n`;
}

function serve(opts: TestProxyOptions): void {
  const server = createServer((_req, res) => {
    res.statusCode = 404;
    res.end();
  });
  server.on('upgrade', (req: IncomingMessage, socket: Duplex, head: Buffer) => {
    const headers = { ...req.headers };
    if (opts.forwardedHeaders) {
      const client = (req.socket as Socket).remoteAddress ?? '';
      const prior = req.headers['x-forwarded-for'];
      headers['x-forwarded-for'] = prior ? `${Array.isArray(prior) ? prior.join(', ') : prior}, ${client}` : client;
      headers['x-forwarded-host'] = req.headers.host ?? '';
      headers['x-forwarded-proto'] = opts.proto ?? 'http';
    }
    if (!opts.keepHost) headers.host = `127.0.0.1:${opts.upstreamPort}`;
    const up = request({ host: '127.0.0.1', port: opts.upstreamPort, localAddress: opts.localAddress, method: req.method, path: req.url, headers });
    up.on('upgrade', (res, upSocket, upHead) => {
      socket.write(headerBlock(`HTTP/1.1 ${res.statusCode} ${res.statusMessage}`, res.rawHeaders));
      if (upHead.length) socket.write(upHead);
      if (head.length) upSocket.write(head);
      upSocket.pipe(socket).pipe(upSocket);
      const end = () => {
        upSocket.destroy();
        socket.destroy();
      };
      upSocket.on('error', end).on('close', end);
      socket.on('error', end).on('close', end);
    });
    up.on('response', (res) => {
      // A refusal (403, 429...): relayed as it is, then the client connection ends.
      socket.end(headerBlock(`HTTP/1.1 ${res.statusCode} ${res.statusMessage}`, res.rawHeaders));
      res.resume();
    });
    up.on('error', () => socket.end('HTTP/1.1 502 Bad Gateway\r\nConnection: close\r\nContent-Length: 0\r\n\r\n'));
    socket.on('error', () => up.destroy());
    up.end();
  });
  server.listen(0, '127.0.0.1', () => process.stdout.write(`PORT ${(server.address() as AddressInfo).port}\n`));
  process.on('SIGTERM', () => process.exit(0));
}

if (process.argv[1] && fileURLToPath(import.meta.url) === process.argv[1]) serve(JSON.parse(process.argv[2]) as TestProxyOptions);
