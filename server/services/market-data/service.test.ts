import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import ExcelJS from 'exceljs';
import type { RequestContext, ServiceHandler } from '../../contracts';
import { InProcessBus } from '../../bus/in-process-bus';
import { silentLogger } from '../../gateway/log';
import { BACKENDS, openTestDatabase, type TestDatabase } from '../../storage/test-backends';
import { registerMarketDataService, type MarketDataService } from './index';

const anon: RequestContext = { sid: null, user: null, connId: 1, remoteAddress: '127.0.0.1' };
const trader: RequestContext = { sid: 's1', user: { userName: 'trader1', sid: 's1', inf5: '1' }, connId: 2, remoteAddress: '127.0.0.1' };
// A clock on the sample's business day, 15:00 Beijing.
const NOW = Date.parse('2026-11-20T07:00:00Z');
const SUBSET = (id: string) =>
  id === 'fx.USDCNY' || id.startsWith('fwd.USDCNY.') || id.startsWith('depo.USD.') || id.startsWith('depo.CNY.') || id.startsWith('vol.USDCNY.') ||
  id.startsWith('rate.SHIBOR.') || id.startsWith('rate.LPR.') || id === 'rate.FR007' || id.startsWith('bank.BOC.USD.');

describe.each(BACKENDS)('MarketDataSvr on %s', (kind) => {
  let t: TestDatabase;
  let svc: MarketDataService;
  let clock = NOW;
  const bus = new InProcessBus();
  const pushes: Array<Record<string, unknown>> = [];
  const handlers = new Map<string, ServiceHandler>();
  const call = async (method: string, content: unknown, ctx = trader) =>
    (await handlers.get(method)!(typeof content === 'string' ? content : JSON.stringify(content), ctx)) as Record<string, any>;
  const fails = (method: string, content: unknown, ctx = trader) => call(method, content, ctx).then(() => null, (e) => e as { code: string; message: string });
  const b64 = (s: string | Uint8Array) => Buffer.from(typeof s === 'string' ? new TextEncoder().encode(s) : s).toString('base64');

  beforeAll(async () => {
    t = await openTestDatabase(kind);
    bus.onEvent((_topic, e) => pushes.push(e));
    svc = registerMarketDataService({ register: (s, m, h) => { expect(s).toBe('MarketDataSvr'); handlers.set(m, h); } }, {
      db: t.db, bus, log: silentLogger, marketFeed: 'off', now: () => clock, sample: { filter: SUBSET },
    });
    await svc.ready;
  }, 60_000);
  afterAll(async () => {
    svc?.close();
    await t?.dispose();
  });

  it('catalogue: anonymous callers see the public series only', async () => {
    const open = await call('MD.CATALOG', {});
    const closed = await call('MD.CATALOG', {}, anon);
    expect(open.snapshotAsOf).toBe('2026-11-20');
    expect(open.series.length).toBeGreaterThan(closed.series.length);
    expect(closed.series.every((s: { public: boolean }) => s.public)).toBe(true);
    expect(closed.series.map((s: { id: string }) => s.id)).toContain('rate.SHIBOR.3M');
    expect(open.groups.map((g: { id: string }) => g.id)).toEqual(expect.arrayContaining(['fwd.USDCNY', 'vol.USDCNY', 'rate.SHIBOR']));
  });

  it('latest: provenance on every value, public reads anonymous, others need a session', async () => {
    const r = await call('MD.LATEST', { ids: ['rate.LPR.1Y', 'rate.SHIBOR.3M', 'nope.X'] }, anon);
    const lpr = r.values.find((v: { id: string }) => v.id === 'rate.LPR.1Y');
    expect(lpr).toMatchObject({ value: 3, date: '2025-05-20', asOf: '2025-05-20', sourceKind: 'published' });
    expect(lpr.source).toMatch(/PBOC/);
    expect(r.values.find((v: { id: string }) => v.id === 'rate.SHIBOR.3M')).toMatchObject({ sourceKind: 'sample', date: '2026-11-20' });
    expect(r.missing).toEqual(['nope.X']);
    expect(await fails('MD.LATEST', { ids: ['vol.USDCNY.1M.ATM'] }, anon)).toMatchObject({ code: '4003' });
    expect((await call('MD.LATEST', { prefix: 'bank.BOC.USD' }, anon)).values).toHaveLength(4);
    const old = await call('MD.LATEST', { ids: ['rate.LPR.1Y'], asOf: '2024-12-31' });
    expect(old.values[0]).toMatchObject({ value: 3.1, date: '2024-10-21' });
    expect(await fails('MD.LATEST', { ids: ['rate.FR007'], asOf: '2026-02-30' })).toMatchObject({ code: '2001' });
  });

  it('history: columnar arrays with provenance runs', async () => {
    const r = await call('MD.HISTORY', { ids: ['rate.SHIBOR.3M', 'rate.SHIBOR.ON'], from: '2026-01-01', to: '2026-11-20' });
    const [a, b] = r.series;
    expect(a.dates.length).toBe(a.values.length);
    expect(a.dates.length).toBeGreaterThan(200);
    expect(a.dates[a.dates.length - 1] * 86_400_000).toBe(Date.parse('2026-11-20'));
    expect(b.id).toBe('rate.SHIBOR.ON');
    expect(a.runs).toEqual([[0, expect.any(Number)]]);
    expect(r.batches[a.runs[0][1]]).toMatchObject({ sourceKind: 'sample' });
    const packed = await call('MD.HISTORY', { ids: ['rate.SHIBOR.3M'], from: '2026-01-01', to: '2026-11-20', encoding: 'base64' });
    const buf = Buffer.from(packed.series[0].values, 'base64');
    expect(Array.from(new Float64Array(buf.buffer.slice(buf.byteOffset, buf.byteOffset + buf.byteLength)))).toEqual(a.values);
    const dbuf = Buffer.from(packed.series[0].dates, 'base64');
    expect(Array.from(new Int32Array(dbuf.buffer.slice(dbuf.byteOffset, dbuf.byteOffset + dbuf.byteLength)))).toEqual(a.dates);
  });

  it('curve and surface as of a date, and the FX market bundle', async () => {
    const c = await call('MD.CURVE', { id: 'fwd.USDCNY' });
    expect(c.points.map((p: { tenor: string }) => p.tenor)).toEqual(['ON', 'TN', '1W', '2W', '3W', '1M', '2M', '3M', '6M', '9M', '1Y', '18M', '2Y']);
    expect(c.points[10]).toMatchObject({ id: 'fwd.USDCNY.1Y', date: '2026-11-20', sourceKind: 'sample' });
    const s = await call('MD.SURFACE', { id: 'vol.USDCNY', asOf: '2026-06-30' });
    expect(s.quotes).toEqual(['ATM', 'RR25', 'BF25', 'RR10', 'BF10']);
    expect(s.tenors).toEqual(['1W', '2W', '1M', '2M', '3M', '6M', '9M', '1Y', '2Y']);
    expect(s.values.flat().every((v: number | null) => typeof v === 'number')).toBe(true);
    expect(s.dates[0][0]).toBe('2026-06-30');
    expect(await fails('MD.SURFACE', { id: 'fwd.USDCNY' })).toMatchObject({ code: '2002' });
    const fx = await call('MD.FXMARKET', { pair: 'USDCNY' });
    expect(fx.spot).toMatchObject({ id: 'fx.USDCNY', value: 7.118 });
    expect(fx.pipFactor).toBe(1e-4);
    expect(Object.keys(fx.deposits)).toEqual(['USD', 'CNY']);
    expect(fx.surface.values.length).toBe(9);
  });

  it('latest answers with the live feed figure when newer, the stored close when asked as of a date', async () => {
    const ts = NOW + 60_000;
    bus.publish('md.fwd.USDCNY.1Y', { topic: 'md.fwd.USDCNY.1Y', id: 'fwd.USDCNY.1Y', value: -1240.5, date: '2026-11-20', ts, source: 'simulated feed', sourceKind: 'simulated' });
    await new Promise((r) => setTimeout(r, 0));
    const live = (await call('MD.LATEST', { ids: ['fwd.USDCNY.1Y', 'rate.FR007'] })).values;
    expect(live[0]).toMatchObject({ id: 'fwd.USDCNY.1Y', value: -1240.5, sourceKind: 'simulated', asOf: new Date(ts).toISOString(), date: '2026-11-20' });
    expect(live[1]).toMatchObject({ id: 'rate.FR007', sourceKind: 'sample' }); // fixings never take feed figures
    const stored = (await call('MD.LATEST', { ids: ['fwd.USDCNY.1Y'], asOf: '2026-11-20' })).values[0];
    expect(stored).toMatchObject({ sourceKind: 'sample', date: '2026-11-20' });
    expect(stored.value).not.toBe(-1240.5);
    const curve = await call('MD.CURVE', { id: 'fwd.USDCNY' });
    expect(curve.points.find((p: { tenor: string }) => p.tenor === '1Y')).toMatchObject({ value: -1240.5, sourceKind: 'simulated' });
  });

  it('an import with bad rows changes nothing and reports every bad row', async () => {
    const before = await call('MD.LATEST', { ids: ['rate.FR007', 'rate.SHIBOR.3M'] });
    const batchesBefore = (await t.db.query('SELECT count(*)::int AS n FROM md_batch')).rows[0];
    pushes.length = 0;
    const csv = 'series,date,value\nrate.FR007,2026-11-20,1.99\nrate.SHIBOR.3M,2026-11-20,oops\nrate.NOPE,2026-11-20,1\n';
    const r = await call('MD.IMPORT', { fileName: 'fixings.csv', data: b64(csv) });
    expect(r.Code).toBe('2003');
    expect(r.errors.map((e: { line: number; code: string }) => [e.line, e.code])).toEqual([[3, 'badValue'], [4, 'unknownSeries']]);
    expect(await call('MD.LATEST', { ids: ['rate.FR007', 'rate.SHIBOR.3M'] })).toEqual(before);
    expect((await t.db.query('SELECT count(*)::int AS n FROM md_batch')).rows[0]).toEqual(batchesBefore);
    await new Promise((r) => setTimeout(r, 0));
    expect(pushes).toEqual([]);
    expect(await fails('MD.IMPORT', { fileName: 'x.csv', data: b64(csv) }, anon)).toMatchObject({ code: '4003' });
  });

  it('a corrected fixing keeps the old one visible as known before, and pushes the change', async () => {
    const old = (await call('MD.LATEST', { ids: ['rate.FR007'] })).values[0];
    clock = NOW + 3_600_000;
    pushes.length = 0;
    const r = await call('MD.IMPORT', { fileName: 'correction.csv', data: b64(`series,date,value\nrate.FR007,2026-11-20,${old.value + 0.05}\n`) });
    expect(r).toMatchObject({ Code: 0, ok: true, format: 'csv', rows: 1, series: ['rate.FR007'] });
    const now = (await call('MD.LATEST', { ids: ['rate.FR007'] })).values[0];
    expect(now.value).toBeCloseTo(old.value + 0.05, 12);
    expect(now).toMatchObject({ sourceKind: 'imported' });
    expect(now.source).toMatch(/correction\.csv.*trader1/);
    const asKnown = (await call('MD.LATEST', { ids: ['rate.FR007'], knownAt: new Date(NOW + 1000).toISOString() })).values[0];
    expect(asKnown.value).toBe(old.value);
    const hist = await call('MD.HISTORY', { id: 'rate.FR007', from: '2026-11-20', to: '2026-11-20', knownAt: new Date(NOW).toISOString() });
    expect(hist.series[0].values).toEqual([old.value]);
    const v = await call('MD.VERSIONS', { id: 'rate.FR007', date: '2026-11-20' });
    expect(v.versions.map((x: { value: number }) => x.value)).toEqual([old.value, now.value]);
    await new Promise((r) => setTimeout(r, 0));
    expect(pushes).toEqual([expect.objectContaining({ topic: 'md.rate.FR007', id: 'rate.FR007', value: now.value, date: '2026-11-20', sourceKind: 'imported' })]);
    const list = await call('MD.IMPORTS', {});
    expect(list.imports[0]).toMatchObject({ fileName: 'correction.csv', userName: 'trader1', rows: 1 });
  });

  it('imports XLSX and JSON too, all or nothing', async () => {
    const wb = new ExcelJS.Workbook();
    const ws = wb.addWorksheet('s');
    ws.addRow(['date', 'rate.SHIBOR.ON', 'rate.SHIBOR.1W']);
    ws.addRow(['2026-11-19', 1.31, 1.44]);
    ws.addRow(['2026-11-18', 1.32, 'x']);
    const bad = await call('MD.IMPORT', { fileName: 'book.xlsx', data: b64(new Uint8Array(await wb.xlsx.writeBuffer())) });
    expect(bad.errors.map((e: { line: number; column: string }) => [e.line, e.column])).toEqual([[3, 'rate.SHIBOR.1W']]);
    expect((await call('MD.LATEST', { ids: ['rate.SHIBOR.ON'], asOf: '2026-11-19' })).values[0].value).not.toBe(1.31);
    ws.getRow(3).getCell(3).value = 1.43;
    const ok = await call('MD.IMPORT', { fileName: 'book.xlsx', data: b64(new Uint8Array(await wb.xlsx.writeBuffer())) });
    expect(ok).toMatchObject({ ok: true, format: 'xlsx', rows: 4 });
    expect((await call('MD.LATEST', { ids: ['rate.SHIBOR.ON'], asOf: '2026-11-19' })).values[0].value).toBe(1.31);
    const json = JSON.stringify({ source: 'desk JSON', observations: [{ series: 'rate.FR007', date: '2026-11-19', value: 1.5, knownAt: '2026-11-19T09:30:00+08:00' }] });
    const j = await call('MD.IMPORT', { fileName: 'data.txt', data: b64(json) });
    expect(j).toMatchObject({ ok: true, format: 'json', rows: 1 });
    const again = await call('MD.IMPORT', { fileName: 'data.txt', data: b64(json) });
    expect(again).toMatchObject({ ok: true, rows: 0, unchanged: 1 });
    const clash = await call('MD.IMPORT', { fileName: 'data.txt', data: b64(json.replace('1.5', '1.6')) });
    expect(clash.errors).toEqual([expect.objectContaining({ line: 1, code: 'conflict' })]);
    // As known on 2026-11-19 10:00 Beijing, the JSON figure (known 09:30) is the one.
    expect((await call('MD.LATEST', { ids: ['rate.FR007'], asOf: '2026-11-19', knownAt: '2026-11-19T10:00:00+08:00' })).values[0].value).toBe(1.5);
  });
});
