// Reading the business-card image chosen in a file input: one file, checked by its leading
// bytes and size (validation.ts), then encoded as base64 for the LoginSvr `cardImage` field.
import type { CardImage } from './login-api-core';
import { sniffImageKind, validateCardImage, type ImageKind, type ValidationKey } from './validation';

export interface PickedCardImage extends CardImage {
  kind: ImageKind;
  size: number;
  /** data: URL for the preview thumbnail. */
  previewUrl: string;
}

export type CardImageResult = { ok: true; image: PickedCardImage } | { ok: false; error: ValidationKey };

/** Plain base64 (no data: prefix) of bytes, chunked so large images do not overflow the stack. */
export function bytesToBase64(bytes: Uint8Array): string {
  let binary = '';
  const chunk = 0x8000;
  for (let i = 0; i < bytes.length; i += chunk) {
    binary += String.fromCharCode(...bytes.subarray(i, i + chunk));
  }
  return btoa(binary);
}

export async function readCardImage(files: ArrayLike<File>): Promise<CardImageResult> {
  const list = Array.from(files);
  // Size and count are checked before reading a possibly huge file whole.
  const heads = await Promise.all(
    list.map(async (f) => ({ size: f.size, head: new Uint8Array(await f.slice(0, 16).arrayBuffer()) })),
  );
  const error = validateCardImage(heads);
  if (error) return { ok: false, error };
  const [file] = list;
  const bytes = new Uint8Array(await file.arrayBuffer());
  const kind = sniffImageKind(bytes) as ImageKind;
  const base64 = bytesToBase64(bytes);
  return {
    ok: true,
    image: {
      fileName: file.name,
      base64,
      kind,
      size: file.size,
      previewUrl: `data:image/${kind === 'jpg' ? 'jpeg' : 'png'};base64,${base64}`,
    },
  };
}

export function toCardImage(image: PickedCardImage): CardImage {
  return { fileName: image.fileName, base64: image.base64 };
}
