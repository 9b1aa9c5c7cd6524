import { describe, expect, it } from 'vitest';
import { guardRoute, SESSION_LIFETIME_MS, type GuardInput } from './route-guard';

const NOW = Date.UTC(2026, 10, 22, 3, 0, 0);
const DAY = 24 * 60 * 60 * 1000;

function run(path: string, opts: Partial<Omit<GuardInput, 'path'>> = {}) {
  return guardRoute({ path, query: {}, storage: {}, now: NOW, linkTypes: ['wx', 'partner'], ...opts });
}
const live = (extra: Record<string, string> = {}) => ({ sid: 'S1', loginTime: String(NOW - DAY), ...extra });
const written = (r: ReturnType<typeof guardRoute>) => Object.fromEntries(r.writes.map((w) => [w.key, w.value]));

describe('route guard: share parameters', () => {
  it('id stores ShareQueryID, lastPath optionCalculator, adds the tab when tabs exist', () => {
    const r = run('/', { query: { id: 'abc' }, storage: live({ tabs: '[{"name":"irsCal","label":"利率互换计算器"}]' }) });
    const w = written(r);
    expect(w.ShareQueryID).toBe('abc');
    expect(w.lastPath).toBe('optionCalculator');
    expect(JSON.parse(w.tabs!)).toEqual([
      { name: 'irsCal', label: '利率互换计算器' },
      { name: 'optionCalculator', label: '外汇期权计算器' },
    ]);
    expect(r.events).toEqual(['tabsAdded']);
    expect(r.decision).toEqual({ kind: 'redirect', to: '/optionCalculator' });
  });
  it('does not add a tab when no tabs are stored, nor when it is already open', () => {
    expect(run('/', { query: { id: 'a' }, storage: live() }).events).toEqual([]);
    const r = run('/', { query: { id: 'a' }, storage: live({ tabs: '[{"name":"optionCalculator","label":"x"}]' }) });
    expect(r.events).toEqual([]);
    expect(written(r).tabs).toBeUndefined();
  });
  it('ffsc and structureId open their tools', () => {
    const a = run('/', { query: { ffsc: 'f1' }, storage: live({ tabs: '[]' }) });
    expect(written(a)).toMatchObject({ ShareFfscID: 'f1', lastPath: 'forexFarSwapCalculator' });
    expect(a.decision).toEqual({ kind: 'redirect', to: '/forexFarSwapCalculator' });
    expect(a.events).toEqual(['tabsAdded']);
    const b = run('/', { query: { structureId: 's9' }, storage: live({ tabs: '[]' }) });
    expect(written(b)).toMatchObject({ ShareStructureID: 's9', lastPath: 'structuredProducts' });
  });
  it('exchangeSpreadShare stores the name and lastPath but adds no tab', () => {
    const r = run('/', { query: { exchangeSpreadShare: 'mine' }, storage: live({ tabs: '[]' }) });
    expect(written(r)).toMatchObject({ exchangeSpreadShareName: 'mine', lastPath: 'exchangeSpread' });
    expect(r.events).toEqual([]);
    expect(r.decision).toEqual({ kind: 'redirect', to: '/exchangeSpread' });
  });
  it('without a session the share still records lastPath, then goes to /login', () => {
    const r = run('/', { query: { id: 'abc' } });
    expect(written(r)).toMatchObject({ ShareQueryID: 'abc', lastPath: 'optionCalculator' });
    expect(r.decision).toEqual({ kind: 'redirect', to: '/login' });
  });
});

describe('route guard: with a session id', () => {
  it('expires after 30 days: public routes pass, others drop sid and go to /login', () => {
    const old = { sid: 'S1', loginTime: String(NOW - 31 * DAY) };
    expect(run('/rate', { storage: old }).decision).toEqual({ kind: 'pass' });
    const r = run('/irsCal', { storage: old });
    expect(r.decision).toEqual({ kind: 'redirect', to: '/login' });
    expect(written(r)).toEqual({ sid: null });
  });
  it('exactly 30 days is still valid; one ms more is expired', () => {
    const at = (age: number) => run('/irsCal', { storage: { sid: 'S', loginTime: String(NOW - age) } }).decision.kind;
    expect(at(SESSION_LIFETIME_MS)).toBe('pass');
    expect(at(SESSION_LIFETIME_MS + 1)).toBe('redirect');
  });
  it('a missing or garbled loginTime counts as expired', () => {
    expect(run('/irsCal', { storage: { sid: 'S' } }).decision).toEqual({ kind: 'redirect', to: '/login' });
    expect(run('/irsCal', { storage: { sid: 'S', loginTime: 'x' } }).decision.kind).toBe('redirect');
  });
  it('login, registration and public routes pass', () => {
    for (const p of ['/login', '/registe', '/rate', '/rateEn', '/bankExchange', '/bankExchangeEn', '/downLoad', '/calendar', '/ERConversion']) {
      const r = run(p, { storage: live() });
      expect(r.decision).toEqual({ kind: 'pass' });
      expect(r.writes).toEqual([]);
    }
  });
  it('/ goes to lastPath, to the options calculator when lastPath is /, stays when none', () => {
    expect(run('/', { storage: live({ lastPath: 'irsCal' }) }).decision).toEqual({ kind: 'redirect', to: '/irsCal' });
    expect(run('/', { storage: live({ lastPath: '/' }) }).decision).toEqual({ kind: 'redirect', to: '/optionCalculator' });
    expect(run('/', { storage: live() }).decision).toEqual({ kind: 'pass' });
    expect(run('/', { storage: live({ lastPath: 'noSuchTool' }) }).decision).toEqual({ kind: 'redirect', to: '/optionCalculator' });
  });
  it('a home child passes and is recorded as lastPath', () => {
    const r = run('/exchangeSpread', { storage: live() });
    expect(r.decision).toEqual({ kind: 'pass' });
    expect(written(r)).toEqual({ lastPath: 'exchangeSpread' });
  });
  it('route names are case-sensitive as in the spec', () => {
    expect(run('/CSIOptionCalculator', { storage: live() }).decision.kind).toBe('pass');
    expect(run('/csioptioncalculator', { storage: live() }).decision).toEqual({ kind: 'redirect', to: '/' });
  });
  it('any other route goes to / and resets lastPath', () => {
    const r = run('/nowhere', { storage: live({ lastPath: 'irsCal' }) });
    expect(r.decision).toEqual({ kind: 'redirect', to: '/' });
    expect(written(r)).toEqual({ lastPath: '/' });
  });
});

describe('route guard: without a session id', () => {
  it('an allowed link type stores sourceType and lang and schedules the auto login after 1000 ms', () => {
    const r = run('/optionCalculator', { query: { type: 'wx', lang: 'en', username: 'u1', password: 'p1' } });
    expect(r.decision).toEqual({ kind: 'autoLogin', username: 'u1', password: 'p1', delayMs: 1000 });
    expect(written(r)).toEqual({ sourceType: 'wx', Lang: 'en' });
  });
  it('the language defaults to zh', () => {
    expect(written(run('/', { query: { type: 'partner' } })).Lang).toBe('zh');
    expect(written(run('/', { query: { type: 'partner', lang: 'fr' } })).Lang).toBe('zh');
  });
  it('a type not in the configured list is ignored', () => {
    const r = run('/irsCal', { query: { type: 'evil', username: 'u', password: 'p' } });
    expect(r.decision).toEqual({ kind: 'redirect', to: '/login' });
    expect(written(r).sourceType).toBeUndefined();
  });
  it('a stored, allowed sourceType proceeds without login; a stale one does not', () => {
    expect(run('/irsCal', { storage: { sourceType: 'wx' } }).decision).toEqual({ kind: 'pass' });
    expect(run('/irsCal', { storage: { sourceType: 'gone' } }).decision.kind).toBe('redirect');
  });
  it('public routes pass', () => {
    expect(run('/login').decision).toEqual({ kind: 'pass' });
    expect(run('/calendar').decision).toEqual({ kind: 'pass' });
  });
  it('anything else goes to /login, remembering a home child as lastPath', () => {
    const r = run('/bondFutures');
    expect(r.decision).toEqual({ kind: 'redirect', to: '/login' });
    expect(written(r)).toEqual({ lastPath: 'bondFutures' });
    const s = run('/nowhere');
    expect(s.decision).toEqual({ kind: 'redirect', to: '/login' });
    expect(s.writes).toEqual([]);
  });
});
