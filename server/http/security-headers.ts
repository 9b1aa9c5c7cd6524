// Headers on every HTTP response. The CSP allows what the built app needs: its own
// scripts (plus WebAssembly compilation for the pricing wasm), inline styles (the UI kit
// injects them), data/blob images, same-origin fetches and sockets, blob workers.
// Framing is not forbidden: partner pages may embed the app (SPEC.md section 6).
import type { ServerResponse } from 'node:http';

export const DEFAULT_CSP = [
  "default-src 'self'",
  "script-src 'self' 'wasm-unsafe-eval'",
  "style-src 'self' 'unsafe-inline'",
  "img-src 'self' data: blob:",
  "font-src 'self' data:",
  "connect-src 'self' ws: wss:",
  "worker-src 'self' blob:",
  "manifest-src 'self'",
  "object-src 'none'",
  "base-uri 'self'",
  "form-action 'self'",
].join('; ');

export function applySecurityHeaders(res: ServerResponse, csp: string | null): void {
  res.setHeader('X-Content-Type-Options', 'nosniff');
  res.setHeader('Referrer-Policy', 'strict-origin-when-cross-origin');
  res.setHeader('Cross-Origin-Opener-Policy', 'same-origin');
  res.setHeader('Permissions-Policy', 'camera=(), microphone=(), geolocation=()');
  if (csp) res.setHeader('Content-Security-Policy', csp);
}
