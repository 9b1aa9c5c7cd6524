// Request keys (PROTOCOL.md section 3, "Request keys"): a SEND body's optional `requestId`,
// kept by a client across re-sends so that the server does a change only once. One rule for
// both ends: the SharedWorker mints them, the gateway checks them.

/** 8 to 64 characters from [A-Za-z0-9_-]. */
export const REQUEST_ID_PATTERN = /^[A-Za-z0-9_-]{8,64}$/;

export function isValidRequestId(v: unknown): v is string {
  return typeof v === 'string' && REQUEST_ID_PATTERN.test(v);
}

/** A fresh key: 128 random bits in base64url (22 characters). Web Crypto, so browser and Node. */
export function newRequestId(): string {
  const bytes = new Uint8Array(16);
  globalThis.crypto.getRandomValues(bytes);
  let bin = '';
  for (const b of bytes) bin += String.fromCharCode(b);
  return btoa(bin).replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '');
}
