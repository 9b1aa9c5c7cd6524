// Runtime configuration: GET /config.json once at start-up (SPEC section 7). The service
// worker keeps a copy, from the first visit on (README: Offline from the first visit), so an
// offline start still has the limit; without any copy the defaults apply.
export interface AppConfig {
  /** Free-version operation limit; 0 or less disables counting. */
  VITE_APP_REQ_NUM: number;
  /** `type` query values allowed to use the embedded third-party login. */
  VITE_APP_LINK_TYPES: string[];
  /** The server's desk clock offset (src/clock): 0 unless the server runs on a set date. */
  DESK_CLOCK_OFFSET_MS: number;
}

export const DEFAULT_CONFIG: AppConfig = { VITE_APP_REQ_NUM: 0, VITE_APP_LINK_TYPES: [], DESK_CLOCK_OFFSET_MS: 0 };

export function parseConfig(raw: unknown): AppConfig {
  const o = raw && typeof raw === 'object' ? (raw as Record<string, unknown>) : {};
  const limit = Number(o.VITE_APP_REQ_NUM);
  const types = Array.isArray(o.VITE_APP_LINK_TYPES)
    ? o.VITE_APP_LINK_TYPES.filter((x): x is string => typeof x === 'string' && x !== '')
    : typeof o.VITE_APP_LINK_TYPES === 'string'
      ? o.VITE_APP_LINK_TYPES.split(',').map((s) => s.trim()).filter(Boolean)
      : [];
  const offset = Number(o.DESK_CLOCK_OFFSET_MS ?? 0);
  return { VITE_APP_REQ_NUM: Number.isFinite(limit) ? limit : 0, VITE_APP_LINK_TYPES: types, DESK_CLOCK_OFFSET_MS: Number.isFinite(offset) ? offset : 0 };
}

let current: AppConfig = DEFAULT_CONFIG;

export async function loadConfig(fetcher: typeof fetch = fetch): Promise<AppConfig> {
  try {
    const res = await fetcher('/config.json', { cache: 'no-cache' });
    if (res.ok) current = parseConfig(await res.json());
  } catch (err) {
    console.warn('config.json unavailable, using defaults', err);
  }
  return current;
}

export function getConfig(): AppConfig {
  return current;
}
