import { describe, expect, it } from 'vitest';
import { DEFAULT_CONFIG, loadConfig, parseConfig } from './config';

describe('config.json', () => {
  it('reads the limit and the link types (array or comma list)', () => {
    expect(parseConfig({ VITE_APP_REQ_NUM: '20', VITE_APP_LINK_TYPES: ['wx', '', 3] })).toEqual({ VITE_APP_REQ_NUM: 20, VITE_APP_LINK_TYPES: ['wx'], DESK_CLOCK_OFFSET_MS: 0 });
    expect(parseConfig({ VITE_APP_LINK_TYPES: 'a, b' })).toEqual({ VITE_APP_REQ_NUM: 0, VITE_APP_LINK_TYPES: ['a', 'b'], DESK_CLOCK_OFFSET_MS: 0 });
    expect(parseConfig({ DESK_CLOCK_OFFSET_MS: -3_600_000 }).DESK_CLOCK_OFFSET_MS).toBe(-3_600_000);
    expect(parseConfig({ DESK_CLOCK_OFFSET_MS: 'soon' }).DESK_CLOCK_OFFSET_MS).toBe(0);
    expect(parseConfig(null)).toEqual(DEFAULT_CONFIG);
    expect(parseConfig({ VITE_APP_REQ_NUM: 'x' }).VITE_APP_REQ_NUM).toBe(0);
  });
  it('falls back to defaults when the fetch fails', async () => {
    const failing = (async () => { throw new Error('offline'); }) as unknown as typeof fetch;
    const warn = console.warn;
    console.warn = () => {};
    try {
      expect(await loadConfig(failing)).toEqual(DEFAULT_CONFIG);
    } finally {
      console.warn = warn;
    }
  });
});
