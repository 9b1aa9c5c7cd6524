// Writes the PWA icons (public/icons/*.png) as real PNG files with zlib: a dark-navy tile
// with a rising blue price line and an accent dot. Run: npx tsx scripts/make-icons.ts
import { mkdirSync, writeFileSync } from 'node:fs';
import { deflateSync } from 'node:zlib';

const CRC_TABLE = Array.from({ length: 256 }, (_, n) => {
  let c = n;
  for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
  return c >>> 0;
});

function crc32(buf: Buffer): number {
  let c = 0xffffffff;
  for (const b of buf) c = CRC_TABLE[(c ^ b) & 0xff]! ^ (c >>> 8);
  return (c ^ 0xffffffff) >>> 0;
}

function chunk(type: string, data: Buffer): Buffer {
  const len = Buffer.alloc(4);
  len.writeUInt32BE(data.length);
  const body = Buffer.concat([Buffer.from(type, 'ascii'), data]);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(body));
  return Buffer.concat([len, body, crc]);
}

/** Encode RGBA pixels (row-major) as PNG. */
export function encodePng(size: number, rgba: Uint8Array): Buffer {
  const ihdr = Buffer.alloc(13);
  ihdr.writeUInt32BE(size, 0);
  ihdr.writeUInt32BE(size, 4);
  ihdr[8] = 8; // bit depth
  ihdr[9] = 6; // RGBA
  const raw = Buffer.alloc(size * (size * 4 + 1));
  for (let y = 0; y < size; y++) {
    raw[y * (size * 4 + 1)] = 0; // filter: none
    Buffer.from(rgba.buffer, rgba.byteOffset + y * size * 4, size * 4).copy(raw, y * (size * 4 + 1) + 1);
  }
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', ihdr),
    chunk('IDAT', deflateSync(raw, { level: 9 })),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}

const NAVY = [0x0b, 0x1a, 0x2e];
const NAVY2 = [0x1a, 0x33, 0x54];
const BLUE = [0x6d, 0x9c, 0xe6];
const ACCENT = [0x3c, 0xcf, 0x7a];

function distToSegment(px: number, py: number, ax: number, ay: number, bx: number, by: number): number {
  const dx = bx - ax, dy = by - ay;
  const t = Math.max(0, Math.min(1, ((px - ax) * dx + (py - ay) * dy) / (dx * dx + dy * dy)));
  return Math.hypot(px - ax - t * dx, py - ay - t * dy);
}

/** maskable: full-bleed background, artwork inside the 80% safe zone. */
function drawIcon(size: number, maskable: boolean): Uint8Array {
  const px = new Uint8Array(size * size * 4);
  const radius = maskable ? 0 : size * 0.18;
  const inset = maskable ? size * 0.2 : size * 0.14;
  const span = size - 2 * inset;
  // A rising line through four points (relative coordinates in the art box).
  const pts = [[0, 0.78], [0.34, 0.5], [0.56, 0.64], [1, 0.16]].map(([x, y]) => [inset + x! * span, inset + y! * span]);
  const stroke = size * 0.055;
  const dot = pts[pts.length - 1]!;
  for (let y = 0; y < size; y++) {
    for (let x = 0; x < size; x++) {
      const i = (y * size + x) * 4;
      // rounded-square mask
      const cx = Math.min(Math.max(x + 0.5, radius), size - radius);
      const cy = Math.min(Math.max(y + 0.5, radius), size - radius);
      const outside = radius > 0 && Math.hypot(x + 0.5 - cx, y + 0.5 - cy) > radius;
      if (outside) continue; // transparent
      const g = y / size;
      let c = NAVY.map((v, k) => Math.round(v + (NAVY2[k]! - v) * g));
      // baseline grid
      if (Math.abs(y - (inset + span)) < size * 0.01 && x > inset && x < inset + span) c = [0x3a, 0x55, 0x78];
      let d = Infinity;
      for (let s = 0; s < pts.length - 1; s++) d = Math.min(d, distToSegment(x + 0.5, y + 0.5, pts[s]![0]!, pts[s]![1]!, pts[s + 1]![0]!, pts[s + 1]![1]!));
      if (d < stroke / 2) c = BLUE;
      if (Math.hypot(x + 0.5 - dot[0]!, y + 0.5 - dot[1]!) < stroke * 1.1) c = ACCENT;
      px[i] = c[0]!; px[i + 1] = c[1]!; px[i + 2] = c[2]!; px[i + 3] = 255;
    }
  }
  return px;
}

const out = new URL('../public/icons/', import.meta.url);
mkdirSync(out, { recursive: true });
for (const [file, size, maskable] of [['icon-192.png', 192, false], ['icon-512.png', 512, false], ['maskable-512.png', 512, true]] as const) {
  writeFileSync(new URL(file, out), encodePng(size, drawIcon(size, maskable)));
  console.log(`public/icons/${file} ${size}x${size}${maskable ? ' maskable' : ''}`);
}
