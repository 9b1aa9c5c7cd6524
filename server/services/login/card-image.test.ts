import { describe, expect, it } from 'vitest';
import { MAX_IMAGE_BYTES, readCardImage } from './card-image';
import { LoginFailure } from './codes';
import { cardOf, tinyJpeg, tinyPng } from './test-images';

function failure(value: unknown): Record<string, unknown> {
  try {
    readCardImage(value);
  } catch (e) {
    return (e as LoginFailure).body();
  }
  throw new Error('accepted');
}

describe('card image', () => {
  it('accepts PNG and JPEG by content, whatever the file name says', () => {
    expect(readCardImage(cardOf(tinyPng(), 'photo.jpg')).mime).toBe('image/png');
    const jpg = readCardImage(cardOf(tinyJpeg(), 'x.png'));
    expect(jpg).toMatchObject({ mime: 'image/jpeg', fileName: 'card.jpg' });
    expect(jpg.bytes.equals(tinyJpeg())).toBe(true);
  });

  it('accepts a data: URL', () => {
    const b64 = tinyPng().toString('base64');
    expect(readCardImage({ fileName: 'a.png', base64: `data:image/png;base64,${b64}` }).mime).toBe('image/png');
  });

  it('rejects other content with a JPG/PNG extension', () => {
    const gif = Buffer.from('GIF89a\x01\x00\x01\x00\x00\x00\x00;', 'latin1');
    expect(failure(cardOf(gif, 'card.png')).Code).toBe('1011');
    expect(failure(cardOf(Buffer.from('hello world, not an image'), 'a.jpg')).Code).toBe('1011');
  });

  it('rejects truncated or malformed structure behind a valid signature', () => {
    const png = tinyPng();
    expect(failure(cardOf(png.subarray(0, png.length - 12))).Code).toBe('1011'); // no IEND
    const badIhdr = Buffer.from(png);
    badIhdr.write('IHDX', 12, 'latin1');
    expect(failure(cardOf(badIhdr)).Code).toBe('1011');
    const jpg = tinyJpeg();
    expect(failure(cardOf(jpg.subarray(0, jpg.length - 2))).Code).toBe('1011'); // no EOI
    expect(failure(cardOf(Buffer.from([0xff, 0xd8, 0xff, 0xd9]))).Code).toBe('1011'); // no frame
  });

  it('accepts exactly 6 MB and rejects one byte more', () => {
    expect(readCardImage(cardOf(tinyPng(MAX_IMAGE_BYTES))).bytes.length).toBe(MAX_IMAGE_BYTES);
    expect(failure(cardOf(tinyPng(MAX_IMAGE_BYTES + 1)))).toMatchObject({ Code: '1011' });
  });

  it('requires exactly one image', () => {
    expect(failure(undefined)).toMatchObject({ Code: '1002', field: 'cardImage' });
    expect(failure({ fileName: 'a.png' })).toMatchObject({ Code: '1002' });
    expect(failure([cardOf(tinyPng()), cardOf(tinyPng())]).Code).toBe('1011');
    expect(failure({ fileName: 'a', base64: '!!!notbase64' }).Code).toBe('1011');
  });
});
