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

/** Default: the server's own origin over http and https, and the same port on localhost/127.0.0.1. */
export function defaultOrigins(host: string, port: number): string[] {
  const hosts = new Set([host, 'localhost', '127.0.0.1', '[::1]']);
  if (host === '0.0.0.0' || host === '::') hosts.delete(host);
  const out: string[] = [];
  for (const h of hosts) for (const scheme of ['http', 'https']) {
    const n = normalise(`${scheme}://${h.includes(':') && !h.startsWith('[') ? `[${h}]` : h}:${port}`);
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
