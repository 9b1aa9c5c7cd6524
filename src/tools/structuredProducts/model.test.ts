import { describe, expect, it } from 'vitest';
import { templateSource } from '../../pricing-core/instruments/structured/templates';
import { priceStructuredSync } from '../../pricing-core/engines/structured';
import { formatDiagnostic } from '../../pricing-core/instruments/structured/diagnostics';
import type { Observation } from '../../kit/market-data/series';
import { analyse, applyEdit, convertSource, offsetOf, replaceStatement } from './package-text';
import { marketPlan, fixingsFromHistory } from './market';
import { pillars, rateAt, volAt, tenorYears } from '../../kit/market-data/pillars';
import { BookError, packageForRow, parseParams, parseUnderlying, templateOf } from './book';
import { marketAt, prepareProduct, requestFor } from './pricing';
import { DEFAULT_INPUTS } from './state';

const snowball = templateSource('snowball', { name: 'SnowA', trade: '2026-01-05' });

describe('package text: form edits rewrite one statement', () => {
  it('changes a param on its own line and keeps comments and the rest', () => {
    const a = analyse(snowball);
    expect(a.ok).toBe(true);
    const r = applyEdit(snowball, a.ast!, { kind: 'param', name: 'koStart', text: '100%' });
    if ('error' in r) throw new Error('refused');
    const before = snowball.split('\n'), after = r.src.split('\n');
    const changed = after.map((l, i) => (l === before[i] ? -1 : i)).filter((i) => i >= 0);
    expect(changed).toHaveLength(1);
    expect(after[changed[0]]).toBe('param koStart = 100%');
    expect(r.src).toContain('# Monthly knock-out observations');
    const b = analyse(r.src);
    expect(b.ast!.params.find((p) => p.name === 'koStart')!.value).toMatchObject({ kind: 'num', value: 1 });
  });

  it('keeps a trailing comment of the edited line', () => {
    const src = replaceStatement('param x = 1   # note\n', 1, 'param x = 2');
    expect(src).toBe('param x = 2   # note\n');
  });

  it('refuses an expression that does not parse, with its diagnostic, and leaves the text', () => {
    const a = analyse(snowball);
    const r = applyEdit(snowball, a.ast!, { kind: 'param', name: 'coupon', text: '15% +' });
    expect('error' in r).toBe(true);
  });

  it('adds a built-in date that was not written, and edits one that was', () => {
    const src = templateSource('twoTier', { name: 'Tier' });
    const a = analyse(src);
    expect(a.ast!.dates.some((d) => d.name === 'trade')).toBe(false);
    const r = applyEdit(src, a.ast!, { kind: 'date', name: 'trade', text: '2026-11-02' });
    if ('error' in r) throw new Error('refused');
    const b = analyse(r.src);
    expect(b.ok).toBe(true);
    expect(b.ast!.dates.find((d) => d.name === 'trade')!.value).toMatchObject({ kind: 'date', iso: '2026-11-02' });
    const r2 = applyEdit(r.src, b.ast!, { kind: 'date', name: 'maturity', text: 'start + 6M' });
    if ('error' in r2) throw new Error('refused');
    expect(r2.src).toContain('maturity start + 6M');
  });

  it('edits JSON packages through the AST and converts between the views', () => {
    const a = analyse(snowball);
    const json = convertSource(a.ast!, 'json');
    const j = analyse(json);
    expect(j.form).toBe('json');
    expect(j.ok).toBe(true);
    const r = applyEdit(json, j.ast!, { kind: 'param', name: 'kiRatio', text: '70%' });
    if ('error' in r) throw new Error('refused');
    expect(analyse(r.src).ast!.params.find((p) => p.name === 'kiRatio')!.value).toMatchObject({ value: 0.7 });
    expect(analyse(convertSource(analyse(r.src).ast!, 'text')).ok).toBe(true);
  });

  it('gives the SPEC messages with their lines: Package name exists, date duplicates built-in date, term error', () => {
    const exists = analyse(snowball, ['snowa']);
    const d = exists.diagnostics.find((x) => x.code === 'PACKAGE_NAME_EXISTS')!;
    expect(d.line).toBe(2);
    expect(formatDiagnostic(d, 'en')).toBe('Package name exists');
    expect(formatDiagnostic(d, 'zh')).toBe('包名已存在');
    const dup = analyse(snowball.replace('schedule koDates', 'date start = 2026-01-06\nschedule koDates'));
    expect(dup.diagnostics.map((x) => x.code)).toContain('DATE_DUPLICATES_BUILTIN');
    const term = analyse(snowball.replace('every 1M', 'every 3X'));
    const te = term.diagnostics.find((x) => x.code === 'TERM_ERROR')!;
    expect(te.line).toBe(snowball.split('\n').findIndex((l) => l.startsWith('schedule koDates')) + 1);
  });

  it('reports a syntax error with line and column; offsetOf finds it', () => {
    const bad = snowball.replace('param koStart = 103%', 'param koStart = 103% +');
    const a = analyse(bad);
    expect(a.ok).toBe(false);
    expect(a.ast).toBeNull();
    const d = a.diagnostics[0];
    expect(d.line).toBeGreaterThan(0);
    const off = offsetOf(bad, d.line!, d.column);
    expect(bad.split('\n')[d.line! - 1].startsWith('param koStepDown')).toBe(true);
    expect(off).toBe(bad.indexOf('param koStepDown') + d.column! - 1);
  });
});

const obs = (id: string, value: number): Observation => ({ id, value, date: '2026-11-20', asOf: '2026-11-20', source: 'sample snapshot', sourceKind: 'sample' });

describe('market at maturity', () => {
  it('maps FX pairs, gold and commodity futures to their series', () => {
    const fx = marketPlan({ underlying: { kind: 'fx', code: 'USDCNY', loc: {} } });
    expect(fx).toMatchObject({ spotId: 'fx.USDCNY', futures: false, currency: 'CNY' });
    if ('error' in fx) throw new Error('no plan');
    expect(fx.rdIds[0].id).toBe('depo.CNY.1W');
    expect(fx.rfIds[0].id).toBe('depo.USD.1W');
    const au = marketPlan({ underlying: { kind: 'gold', code: 'AU', loc: {} }, currency: 'CNY' });
    expect(au).toMatchObject({ spotId: 'fut.SHFE.AU', futures: true, currency: 'CNY' });
    const sc = marketPlan({ underlying: { kind: 'commodity', code: 'SC2506', loc: {} }, currency: 'CNY' });
    expect(sc).toMatchObject({ spotId: 'fut.INE.SC', mappedFrom: 'SC2506' });
    expect(marketPlan({ underlying: { kind: 'commodity', code: 'ZZ1', loc: {} }, currency: 'CNY' })).toMatchObject({ error: 'unknownUnderlying' });
  });

  it('interpolates total variance between vol pillars and is flat outside', () => {
    const p = pillars([{ tenor: '1M', id: 'a' }, { tenor: '1Y', id: 'b' }], new Map([['a', obs('a', 4)], ['b', obs('b', 6)]]));
    expect(volAt(p, 1 / 24)!.value).toBeCloseTo(0.04, 15);
    expect(volAt(p, 3)!.value).toBeCloseTo(0.06, 15);
    const t = 0.5;
    const w = (t - 1 / 12) / (1 - 1 / 12);
    const expected = Math.sqrt((0.04 ** 2 / 12 + w * (0.06 ** 2 - 0.04 ** 2 / 12)) / t);
    expect(volAt(p, t)!.value).toBeCloseTo(expected, 15);
    expect(volAt(p, t)!.from).toHaveLength(2);
  });

  it('converts money-market quotes to continuous rates', () => {
    const p = pillars([{ tenor: '6M', id: 'a' }, { tenor: '2Y', id: 'b' }], new Map([['a', obs('a', 2)], ['b', obs('b', 3)]]));
    expect(rateAt(p, 0.5)!.value).toBeCloseTo(Math.log(1 + 0.02 * 0.5) / 0.5, 15);
    expect(rateAt(p, 2)!.value).toBeCloseTo(Math.log(1.03), 15);
    expect(tenorYears('18M')).toBe(1.5);
  });

  it('takes a user override over the market and says so', () => {
    const plan = marketPlan({ underlying: { kind: 'fx', code: 'USDCNY', loc: {} } });
    if ('error' in plan) throw new Error('no plan');
    const values = new Map([['fx.USDCNY', obs('fx.USDCNY', 7.1)], ['vol.USDCNY.1Y.ATM', obs('vol.USDCNY.1Y.ATM', 5)], ['depo.CNY.1Y', obs('depo.CNY.1Y', 1.6)], ['depo.USD.1Y', obs('depo.USD.1Y', 4)]]);
    const m = marketAt(plan, values, 1, { vol: 0.07 });
    expect(m.inputs).toMatchObject({ spot: 7.1, vol: 0.07 });
    expect(m.sources.vol.kind).toBe('user');
    expect(m.sources.spot.kind).toBe('market');
    expect(m.inputs.rd).toBeCloseTo(Math.log(1.016), 15);
  });

  it('reads fixings from columnar history, up to a date', () => {
    const d0 = Date.UTC(2026, 0, 5) / 86_400_000;
    const f = fixingsFromHistory(Int32Array.from([d0, d0 + 1, d0 + 2]), Float64Array.from([7, 7.1, NaN]), '2026-01-05');
    expect(f).toEqual({ '2026-01-05': 7 });
  });
});

describe('book rows', () => {
  it('reads params, products and underlyings as a desk types them', () => {
    expect(parseParams('coupon=15%; koStart = 103%, gearing=2')).toEqual({ coupon: 0.15, koStart: 1.03, gearing: 2 });
    expect(() => parseParams('coupon 15')).toThrow(BookError);
    expect(templateOf('雪球')).toBe('snowball');
    expect(templateOf('Range accrual')).toBe('rangeAccrual');
    expect(templateOf('bull shark-fin (continuous barrier)')).toBe('sharkfinBullAmerican');
    expect(parseUnderlying('USD/CNY')).toEqual({ kind: 'fx', code: 'USDCNY' });
    expect(parseUnderlying('AU')).toMatchObject({ kind: 'gold', code: 'AU', currency: 'CNY' });
    expect(parseUnderlying('SC2506')).toMatchObject({ kind: 'commodity', code: 'SC2506' });
  });

  it('makes a template package with the row\'s dates and params, and refuses an unknown param', () => {
    const ast = packageForRow({ product: 'snowball', underlying: 'USDCNY', trade: '2026-01-05', maturity: '1Y', params: 'koStart=101%' });
    expect(ast.params.find((p) => p.name === 'koStart')!.value).toMatchObject({ value: 1.01 });
    expect(() => packageForRow({ product: 'snowball', underlying: 'USDCNY', trade: '2026-01-05', maturity: '1Y', params: 'strike=1' })).toThrow(BookError);
    expect(() => packageForRow({ product: 'nothing', underlying: 'USDCNY', trade: '2026-01-05', maturity: '1Y' })).toThrow(BookError);
  });

  it('takes a saved package by name and rebases it on the row', () => {
    const saved = analyse(snowball).ast!;
    const ast = packageForRow({ product: 'snowa', underlying: 'EURUSD', trade: '2026-03-02', maturity: '2027-03-02', params: 'coupon=10%' }, new Map([['snowa', saved]]));
    expect(ast.underlying.code).toBe('EURUSD');
    expect(ast.dates.find((d) => d.name === 'trade')!.value).toMatchObject({ iso: '2026-03-02' });
    expect(ast.name).toBe('SnowA');
  });
});

describe('seasoned products: status from stored fixings', () => {
  // Weekday fixings between trade and valuation: flat at 7.0, then one low day.
  const fixings = (low: number | null, koDay: string | null): Record<string, number> => {
    const out: Record<string, number> = {};
    for (let d = Date.UTC(2026, 0, 5); d < Date.UTC(2026, 5, 1); d += 86_400_000) {
      const day = new Date(d).getUTCDay();
      if (day === 0 || day === 6) continue;
      out[new Date(d).toISOString().slice(0, 10)] = 7.0;
    }
    if (low !== null) out['2026-02-10'] = low;
    if (koDay) out[koDay] = 7.5;
    return out;
  };
  const ast = packageForRow({ product: 'snowball', underlying: 'USDCNY', trade: '2026-01-05', maturity: '2Y' });

  it('live, knocked in and knocked out as the fixings say', () => {
    const live = prepareProduct(ast, { valuationDate: '2026-05-29', fixings: fixings(null, null) }, 7.0);
    expect(live.status).toBe('live');
    expect(live.s0).toBe(7.0);
    const ki = prepareProduct(ast, { valuationDate: '2026-05-29', fixings: fixings(5.0, null) }, 7.0);
    expect(ki.status).toBe('knockedIn');
    expect(ki.state.knockedIn).toBe(1);
    const firstKo = live.rows.find((r) => r.on === 'koDates')!;
    expect(firstKo.levels.koLevel).toBeCloseTo(7.07, 12); // FX levels: knock-out at 101 % of 7.0
    const ko = prepareProduct(ast, { valuationDate: '2026-05-29', fixings: fixings(null, firstKo.date.iso!) }, 7.0);
    expect(ko.status).toBe('knockedOut');
  });

  it('a knocked-out product is worth nothing after its payment; the request prices it', () => {
    const firstKo = prepareProduct(ast, { valuationDate: '2026-05-29', fixings: fixings(null, null) }, 7.0).rows.find((r) => r.on === 'koDates')!;
    const ctx = { valuationDate: '2026-05-29', fixings: fixings(null, firstKo.date.iso!) };
    const p = priceStructuredSync(requestFor(ast, ctx, { spot: 7, vol: 0.05, rd: 0.015, rf: 0.04 }, { paths: 1024, seed: 1 }));
    expect(p.npv).toBe(0);
  });

  it('names the projected calendar years of a product past the last CNY notice', () => {
    const p = prepareProduct(ast, { valuationDate: '2026-05-29', fixings: fixings(null, null) }, 7.0);
    expect(p.projected.map((x) => x.code)).toContain('CNY');
  });
});

describe('templates sized for the market chosen (issue 20)', () => {
  const param = (ast: ReturnType<typeof packageForRow>, name: string) => {
    const v = ast.params.find((p) => p.name === name)!.value;
    return v.kind === 'num' ? v.value : NaN;
  };
  it('the screen\'s USD/CNY snowball is an FX snowball, not an equity one', () => {
    const src = DEFAULT_INPUTS.src;
    expect(src).toMatch(/underlying fx USDCNY/);
    expect(src).toMatch(/param coupon = 4% solvable/);
    expect(src).toMatch(/param koStart = 101%/);
    expect(src).toMatch(/param kiRatio = 95%/);
    expect(src).not.toMatch(/15%|103%/);
  });
  it('a book row takes the levels of its underlying: FX sized for USDCNY, wide for gold', () => {
    const fx = packageForRow({ product: 'snowball', underlying: 'USDCNY', trade: '2026-01-05', maturity: '1Y' });
    expect(param(fx, 'coupon')).toBeCloseTo(0.04, 12);
    expect(param(fx, 'koStart')).toBeCloseTo(1.01, 12);
    const gold = packageForRow({ product: 'snowball', underlying: 'AU', trade: '2026-01-05', maturity: '1Y' });
    expect(param(gold, 'coupon')).toBeCloseTo(0.15, 12);
    expect(param(gold, 'koStart')).toBeCloseTo(1.03, 12);
    const fin = packageForRow({ product: 'sharkfinBullAmerican', underlying: 'USDCNY', trade: '2026-01-05', maturity: '6M' });
    const barrier = fin.levels.find((l) => l.name === 'barrier')!;
    expect(JSON.stringify(barrier.value)).toContain('1.03');
  });
});
