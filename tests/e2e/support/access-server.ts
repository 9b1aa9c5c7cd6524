// A real server for the access-page journeys: `npm run server` (tsx server/main.ts) on a
// random port with a temporary DATA_DIR, serving the built dist/. Its output is kept so a
// test can read the SMS verification codes the default provider writes to the log
// ("[sms] to PHONE: Your verification code is 123456. ...").
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

export interface AccessServer {
  baseUrl: string;
  /** Waits for the next SMS code sent to `phone` after `sinceIndex` (a log offset). */
  smsCode(phone: string, sinceIndex?: number, timeoutMs?: number): Promise<string>;
  logLength(): number;
  stop(): Promise<void>;
}

export async function startAccessServer(env: Record<string, string> = {}): Promise<AccessServer> {
  const dataDir = mkdtempSync(join(tmpdir(), 'access-e2e-'));
  let log = '';
  const child: ChildProcess = spawn(process.execPath, ['--import', 'tsx', 'server/main.ts'], {
    cwd: process.cwd(),
    env: { ...process.env, PORT: '0', HOST: '127.0.0.1', DATA_DIR: dataDir, ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  child.stdout!.on('data', (d) => (log += d.toString()));
  child.stderr!.on('data', (d) => (log += d.toString()));

  const baseUrl = await new Promise<string>((resolve, reject) => {
    const deadline = setTimeout(() => reject(new Error(`server did not start:\n${log}`)), 60_000);
    const poll = setInterval(() => {
      const m = /Server listening on (http:\/\/[^\s]+)/.exec(log);
      if (m) {
        clearInterval(poll);
        clearTimeout(deadline);
        resolve(m[1]);
      }
    }, 100);
    child.once('exit', (code) => {
      clearInterval(poll);
      clearTimeout(deadline);
      reject(new Error(`server exited with ${code}:\n${log}`));
    });
  });
  for (let i = 0; i < 100; i++) {
    const ok = await fetch(`${baseUrl}/healthz`).then((r) => r.ok, () => false);
    if (ok) break;
    await new Promise((r) => setTimeout(r, 100));
  }

  return {
    baseUrl,
    logLength: () => log.length,
    async smsCode(phone, sinceIndex = 0, timeoutMs = 15_000) {
      const pattern = new RegExp(`\\[sms\\] to ${phone}: \\D*(\\d{6})`, 'g');
      const end = Date.now() + timeoutMs;
      while (Date.now() < end) {
        const found = [...log.slice(sinceIndex).matchAll(pattern)];
        if (found.length > 0) return found[found.length - 1][1];
        await new Promise((r) => setTimeout(r, 100));
      }
      throw new Error(`no SMS code for ${phone} in the server log`);
    },
    async stop() {
      if (child.exitCode === null) {
        const exited = new Promise((r) => child.once('exit', r));
        child.kill('SIGTERM');
        await Promise.race([exited, new Promise((r) => setTimeout(r, 10_000))]);
        if (child.exitCode === null) child.kill('SIGKILL');
      }
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

/** A minimal valid PNG (w x h, grey) built in memory: the server walks PNG chunks. */
export async function tinyPngBuffer(w = 8, h = 5): Promise<Buffer> {
  const { deflateSync } = await import('node:zlib');
  const crcTable = Array.from({ length: 256 }, (_, n) => {
    let c = n;
    for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
    return c >>> 0;
  });
  const crc = (buf: Buffer) => {
    let c = 0xffffffff;
    for (const b of buf) c = crcTable[(c ^ b) & 0xff] ^ (c >>> 8);
    return (c ^ 0xffffffff) >>> 0;
  };
  const chunk = (type: string, data: Buffer) => {
    const len = Buffer.alloc(4);
    len.writeUInt32BE(data.length);
    const body = Buffer.concat([Buffer.from(type, 'latin1'), data]);
    const sum = Buffer.alloc(4);
    sum.writeUInt32BE(crc(body));
    return Buffer.concat([len, body, sum]);
  };
  const ihdr = Buffer.alloc(13);
  ihdr.writeUInt32BE(w, 0);
  ihdr.writeUInt32BE(h, 4);
  ihdr[8] = 8; // bit depth
  ihdr[9] = 0; // greyscale
  const raw = Buffer.alloc((w + 1) * h, 0x80);
  for (let y = 0; y < h; y++) raw[y * (w + 1)] = 0; // filter byte
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', ihdr),
    chunk('IDAT', deflateSync(raw)),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}
