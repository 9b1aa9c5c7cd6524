// Which browser origins may open a socket. Upgrades without an Origin header (non-browser
// clients) are allowed; browsers always send one, so a foreign page cannot open a socket
// in a user's browser (cross-site WebSocket hijacking).
//
// Allowed: an Origin naming the host the browser asked for (the request's Host, or
// X-Forwarded-Host from a trusted proxy), so the app works behind any reverse proxy that
// keeps the Host header; the server's own address and the loopback dev ports; and
// ALLOWED_ORIGINS on top.

export interface OriginPolicyInput {
  /** Extra origins (env ALLOWED_ORIGINS), added to the defaults; `*` allows any. */
  allowedOrigins?: string[];
  host: string;
  port: number;
}

/** The host and scheme the browser used, as far as the gateway can tell (proxy-trust.ts). */
export interface RequestedAuthority {
  /** Host header value (`name[:port]`), or X-Forwarded-Host from a trusted proxy. */
  host: string | undefined;
  /** Scheme from a trusted X-Forwarded-Proto; undefined when unknown (then http and https both match). */
  proto: 'http' | 'https' | undefined;
}

export type OriginCheck = (origin: string | undefined, requested?: RequestedAuthority) => boolean;

function parseOrigin(origin: string): URL | null {
  try {
    const u = new URL(origin);
    if (u.protocol !== 'http:' && u.protocol !== 'https:') return null;
    return u;
  } catch {
    return null;
  }
}

function normalise(origin: string): string | null {
  return parseOrigin(origin)?.origin ?? null; // drops default ports and paths, lower-cases the host
}

/** Vite's dev (5173) and preview (4173) servers proxy /gw/ws here with their own Origin. */
export const DEV_SERVER_PORTS = [5173, 4173];

/**
 * Always allowed: the server's own origin over http and https, the same port on localhost,
 * 127.0.0.1 and [::1], and the Vite dev/preview ports on those loopback names.
 */
export function defaultOrigins(host: string, port: number): string[] {
  const loopback = ['localhost', '127.0.0.1', '[::1]'];
  const hosts = new Set([host, ...loopback]);
  if (host === '0.0.0.0' || host === '::') hosts.delete(host);
  const pairs: Array<[string, number]> = [...hosts].map((h) => [h, port]);
  for (const h of loopback) for (const p of DEV_SERVER_PORTS) pairs.push([h, p]);
  const out: string[] = [];
  for (const [h, p] of pairs) for (const scheme of ['http', 'https']) {
    const n = normalise(`${scheme}://${h.includes(':') && !h.startsWith('[') ? `[${h}]` : h}:${p}`);
    if (n) out.push(n);
  }
  return out;
}

/**
 * True when `origin` names the requested host and port. The Host header is read in the
 * Origin's scheme, so `desk.example` matches `https://desk.example` (443) and
 * `http://desk.example` (80), never `https://desk.example:8443`. A known scheme must match.
 */
export function originMatchesHost(origin: URL, requested: RequestedAuthority | undefined): boolean {
  if (!requested?.host) return false;
  const scheme = origin.protocol.slice(0, -1);
  if (requested.proto && requested.proto !== scheme) return false;
  let h: URL;
  try {
    h = new URL(`${scheme}://${requested.host}`);
  } catch {
    return false;
  }
  // A Host header is name[:port] and nothing else.
  if (h.username || h.password || h.pathname !== '/' || h.search || h.hash) return false;
  return h.host === origin.host;
}

export function createOriginPolicy(input: OriginPolicyInput): OriginCheck {
  const list = [...defaultOrigins(input.host, input.port), ...(input.allowedOrigins ?? [])];
  const allowed = new Set(list.map((o) => (o === '*' ? '*' : normalise(o))).filter((o): o is string => !!o));
  return (origin, requested) => {
    if (origin === undefined) return true;
    if (allowed.has('*')) return true;
    const u = parseOrigin(origin);
    if (!u) return false;
    return allowed.has(u.origin) || originMatchesHost(u, requested);
  };
}

/** Parses ALLOWED_ORIGINS (comma list). */
export function parseAllowedOrigins(env: string | undefined): string[] | undefined {
  const list = env?.split(',').map((s) => s.trim()).filter(Boolean);
  return list?.length ? list : undefined;
}
