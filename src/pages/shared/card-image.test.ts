import { describe, expect, it } from 'vitest';
import { bytesToBase64, readCardImage } from './card-image';
import { MAX_CARD_IMAGE_BYTES } from './validation';

const PNG_HEAD = [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a];

describe('card image', () => {
  it('base64 matches Node for sizes across the chunk boundary', () => {
    for (const n of [0, 1, 2, 3, 0x8000, 0x8001, 100_000]) {
      const bytes = new Uint8Array(n).map((_, i) => (i * 31 + 7) & 0xff);
      expect(bytesToBase64(bytes)).toBe(Buffer.from(bytes).toString('base64'));
    }
  });

  it('accepts a PNG by content even with a misleading name, and rejects others', async () => {
    const png = new File([new Uint8Array([...PNG_HEAD, 1, 2, 3])], 'card.gif', { type: 'image/gif' });
    const ok = await readCardImage([png]);
    expect(ok.ok && ok.image.kind).toBe('png');
    expect(ok.ok && ok.image.previewUrl.startsWith('data:image/png;base64,')).toBe(true);

    const fake = new File([new TextEncoder().encode('not an image')], 'card.png', { type: 'image/png' });
    expect(await readCardImage([fake])).toEqual({ ok: false, error: 'validation.imageType' });

    const big = new File([new Uint8Array(PNG_HEAD), new Uint8Array(MAX_CARD_IMAGE_BYTES)], 'big.png');
    expect(await readCardImage([big])).toEqual({ ok: false, error: 'validation.imageSize' });
    expect(await readCardImage([png, png])).toEqual({ ok: false, error: 'validation.imageCount' });
  });
});
