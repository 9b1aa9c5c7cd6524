// Business card uploads: exactly one image, JPG or PNG judged by its bytes (magic numbers
// plus a walk of the PNG chunks / JPEG segments), at most 6 MB decoded.
import { LoginCode, LoginFailure, missingField } from './codes';

export const MAX_IMAGE_BYTES = 6 * 1024 * 1024;

export interface CardImage {
  bytes: Buffer;
  mime: 'image/png' | 'image/jpeg';
  /** Stored name: the kind decides the extension, never the client's file name. */
  fileName: string;
}

const reject = (why: string) => new LoginFailure(LoginCode.imageInvalid, `Image rejected: ${why}`);

/** `value` is the request's `cardImage`: `{ fileName, base64 }` (a data: URL prefix is allowed). */
export function readCardImage(value: unknown, field = 'cardImage'): CardImage {
  if (value === undefined || value === null || value === '') throw missingField(field);
  if (Array.isArray(value)) throw reject('exactly one image is allowed');
  if (typeof value !== 'object') throw missingField(field, `${field} must be { fileName, base64 }`);
  const raw = (value as Record<string, unknown>).base64;
  if (typeof raw !== 'string' || raw.length === 0) throw missingField(field, `${field}.base64 is required`);
  const text = raw.replace(/^data:[^,]*;base64,/, '').replace(/\s+/g, '');
  // Refuse before decoding: base64 is 4 characters per 3 bytes.
  if (Math.floor((text.length * 3) / 4) > MAX_IMAGE_BYTES + 2) throw reject('larger than 6 MB');
  if (!/^[A-Za-z0-9+/]*={0,2}$/.test(text) || text.length % 4 === 1) throw reject('not valid base64');
  const bytes = Buffer.from(text, 'base64');
  if (bytes.length > MAX_IMAGE_BYTES) throw reject('larger than 6 MB');
  if (isPng(bytes)) return { bytes, mime: 'image/png', fileName: 'card.png' };
  if (isJpeg(bytes)) return { bytes, mime: 'image/jpeg', fileName: 'card.jpg' };
  throw reject('not a JPG or PNG image');
}

const PNG_SIGNATURE = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);

/** Signature, IHDR first (13 bytes, non-zero size), chunks chained exactly up to IEND. */
export function isPng(b: Buffer): boolean {
  if (b.length < 8 + 25 + 12 || !b.subarray(0, 8).equals(PNG_SIGNATURE)) return false;
  let offset = 8;
  let first = true;
  while (offset + 12 <= b.length) {
    const length = b.readUInt32BE(offset);
    const type = b.toString('latin1', offset + 4, offset + 8);
    const end = offset + 12 + length;
    if (end > b.length) return false;
    if (first) {
      if (type !== 'IHDR' || length !== 13) return false;
      if (b.readUInt32BE(offset + 8) === 0 || b.readUInt32BE(offset + 12) === 0) return false;
      first = false;
    }
    if (type === 'IEND') return end === b.length;
    offset = end;
  }
  return false;
}

/** SOI, then well-formed segments up to start-of-scan with a frame header seen, EOI at the end. */
export function isJpeg(b: Buffer): boolean {
  if (b.length < 4 || b[0] !== 0xff || b[1] !== 0xd8) return false;
  let end = b.length;
  while (end > 2 && b[end - 1] === 0x00) end--; // some encoders pad after EOI
  if (b[end - 2] !== 0xff || b[end - 1] !== 0xd9) return false;
  let offset = 2;
  let sawFrame = false;
  while (offset + 4 <= end) {
    if (b[offset] !== 0xff) return false;
    const marker = b[offset + 1];
    if (marker === 0xff) {
      offset++; // fill byte
      continue;
    }
    const length = b.readUInt16BE(offset + 2);
    if (length < 2 || offset + 2 + length > end) return false;
    if (isStartOfFrame(marker)) sawFrame = true;
    if (marker === 0xda) return sawFrame; // entropy-coded data follows up to EOI
    offset += 2 + length;
  }
  return false;
}

function isStartOfFrame(marker: number): boolean {
  return marker >= 0xc0 && marker <= 0xcf && marker !== 0xc4 && marker !== 0xc8 && marker !== 0xcc;
}
