// Tests only: the smallest well-formed images the card checks accept, built by hand.
import { deflateSync } from 'node:zlib';

function chunk(type: string, data: Buffer): Buffer {
  const len = Buffer.alloc(4);
  len.writeUInt32BE(data.length);
  return Buffer.concat([len, Buffer.from(type, 'latin1'), data, Buffer.alloc(4)]); // CRC not checked
}

/** A 1x1 grey PNG, optionally padded with an ancillary chunk to reach `padTo` bytes. */
export function tinyPng(padTo = 0): Buffer {
  const ihdr = Buffer.from([0, 0, 0, 1, 0, 0, 0, 1, 8, 0, 0, 0, 0]);
  const idat = deflateSync(Buffer.from([0, 128]));
  const parts = [Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]), chunk('IHDR', ihdr), chunk('IDAT', idat)];
  const size = parts.reduce((n, p) => n + p.length, 0) + 12 + 12;
  if (padTo > size) parts.push(chunk('tEXt', Buffer.alloc(padTo - size)));
  parts.push(chunk('IEND', Buffer.alloc(0)));
  return Buffer.concat(parts);
}

/** A structurally valid baseline JPEG skeleton (SOI, DQT-less SOF0, SOS, data, EOI). */
export function tinyJpeg(): Buffer {
  const sof0 = [0xff, 0xc0, 0x00, 0x0b, 0x08, 0x00, 0x01, 0x00, 0x01, 0x01, 0x01, 0x11, 0x00];
  const sos = [0xff, 0xda, 0x00, 0x08, 0x01, 0x01, 0x00, 0x00, 0x3f, 0x00];
  return Buffer.from([0xff, 0xd8, ...sof0, ...sos, 0x12, 0x34, 0xff, 0xd9]);
}

export const cardOf = (bytes: Buffer, fileName = 'card.png') => ({ fileName, base64: bytes.toString('base64') });
