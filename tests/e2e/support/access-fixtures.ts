// Fixtures of the access journeys: SMS codes read from the server log (the default SMS
// provider logs "[sms] to PHONE: Your verification code is 123456. ...") and a small valid
// PNG business card (the server walks the PNG chunks, so the bytes must be real).
import type { TestServer } from './server';

/** The latest code sent to `phone` after log offset `since`, waiting for it to appear. */
export async function smsCodeFromLog(server: TestServer, phone: string, since = 0, timeoutMs = 15_000): Promise<string> {
  const pattern = new RegExp(`\\[sms\\] to ${phone}: \\D*(\\d{6})`, 'g');
  const end = Date.now() + timeoutMs;
  while (Date.now() < end) {
    const found = [...server.log().slice(since).matchAll(pattern)];
    if (found.length > 0) return found[found.length - 1][1];
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error(`no SMS code for ${phone} in the server log`);
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
