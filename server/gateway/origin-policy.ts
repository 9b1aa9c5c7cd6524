// Which browser origins may open a socket. Upgrades without an Origin header (non-browser
// clients) are allowed; browsers always send one, so a foreign page cannot ride a user's
// session (cross-site WebSocket hijacking).

export interface OriginPolicyInput {
  /** Explicit list (env ALLOWED_ORIGINS); when set it replaces the defaults. */
  allowedOrigins?: string[];
  host: string;
  port: number;
}

function normalise(origin: string): string | null {
  try {
    const u = new URL(origin);
    if (u.protocol !== 'http:' && u.protocol !== 'https:') return null;
    return u.origin; // drops default ports and paths, lower-cases the host
  } catch {
    return null;
  }
}

/** Vite's dev (5173) and preview (4173) servers proxy /gw/ws here with their own Origin. */
export const DEV_SERVER_PORTS = [5173, 4173];

/**
 * Default: the server's own origin over http and https, the same port on localhost,
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

export function createOriginPolicy(input: OriginPolicyInput): (origin: string | undefined) => boolean {
  const list = input.allowedOrigins?.length ? input.allowedOrigins : defaultOrigins(input.host, input.port);
  const allowed = new Set(list.map((o) => (o === '*' ? '*' : normalise(o))).filter((o): o is string => !!o));
  return (origin) => {
    if (origin === undefined) return true;
    if (allowed.has('*')) return true;
    const n = normalise(origin);
    return n !== null && allowed.has(n);
  };
}

/** Parses ALLOWED_ORIGINS (comma list). */
export function parseAllowedOrigins(env: string | undefined): string[] | undefined {
  const list = env?.split(',').map((s) => s.trim()).filter(Boolean);
  return list?.length ? list : undefined;
}
