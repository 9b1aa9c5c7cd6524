import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BACKENDS, openTestDatabase, type TestDatabase } from '../../storage/test-backends';
import { fromISO } from '../../../src/pricing-core/dates/date';
import type { SeriesInfo } from '../../../src/kit/market-data/series';
import { MarketDataStore, decodeRuns, encodeRuns, type ObsRow } from './store';

const info = (id: string): SeriesInfo => ({
  id, kind: 'rateFixing', nameZh: id, nameEn: id, unit: 'pct', decimals: 4, calendar: 'CN', intraday: false, public: true, source: 'test', sourceKind: 'sample',
});
const d = (s: string) => fromISO(s);

describe('chunk batch runs', () => {
  it('round-trip', () => {
    const b = new Int32Array([4, 4, 4, 9, 9, 4]);
    expect(encodeRuns(b)).toBe('0:4,3:9,5:4');
    expect(Array.from(decodeRuns(encodeRuns(b), 6))).toEqual(Array.from(b));
    expect(decodeRuns('', 0).length).toBe(0);
  });
});

describe.each(BACKENDS)('market-data store on %s', (kind) => {
  let t: TestDatabase;
  let store: MarketDataStore;
  let a: number;
  let b: number;
  beforeAll(async () => {
    t = await openTestDatabase(kind);
    store = new MarketDataStore(t.db);
    const nos = await t.db.transaction((tx) => store.upsertSeries(tx, [info('rate.T.A'), info('rate.T.B')], 1));
    a = nos.get('rate.T.A')!;
    b = nos.get('rate.T.B')!;
  });
  afterAll(() => t?.dispose());

  const write = (rows: ObsRow[], at = 1) =>
    t.db.transaction(async (tx) => {
      const batch = await store.createBatch(tx, { kind: 'import', source: 'test', sourceKind: 'imported' }, rows.length, at);
      await store.appendObservations(tx, batch, rows);
      return batch;
    });

  it('reads back a multi-year history in order, trimmed to the range, columnar', async () => {
    const rows: ObsRow[] = [];
    for (let i = 0; i < 800; i++) rows.push({ seriesNo: a, date: (d('2024-01-01') + i) as never, knownAt: 1000 + i, value: i / 8 });
    const batch = await write(rows);
    const [h] = await store.history([a], d('2024-06-01'), d('2025-06-30'));
    expect(h.dates[0]).toBe(d('2024-06-01'));
    expect(h.dates[h.dates.length - 1]).toBe(d('2025-06-30'));
    expect(h.dates.length).toBe(d('2025-06-30') - d('2024-06-01') + 1);
    expect(h.values[0]).toBe((d('2024-06-01') - d('2024-01-01')) / 8);
    expect([...new Set(h.batches)]).toEqual([batch]);
    const [empty] = await store.history([b], d('2024-01-01'), d('2025-01-01'));
    expect(empty.dates.length).toBe(0);
  });

  it('keeps a corrected fixing visible as known before the correction', async () => {
    const day = d('2026-03-31');
    await write([{ seriesNo: b, date: day, knownAt: 5_000, value: 1.5 }]);
    await write([{ seriesNo: b, date: day, knownAt: 9_000, value: 1.6 }]); // correction
    const [cur] = await store.latest([b], day);
    expect(cur.value).toBe(1.6);
    const [before] = await store.latest([b], day, 8_999);
    expect(before.value).toBe(1.5);
    const [none] = await store.latest([b], day, 4_999).then((r) => [r[0]]);
    expect(none).toBeUndefined();
    expect((await store.history([b], day, day))[0].values[0]).toBe(1.6);
    const [mixed] = await store.history([b], day - 1, day + 1);
    expect(new Set(mixed.batches).size).toBeGreaterThan(0);
    expect((await store.history([b], day, day, 8_000))[0].values[0]).toBe(1.5);
    expect((await store.versions(b, day)).map((v) => v.value)).toEqual([1.5, 1.6]);
  });

  it('a row learned late but dated earlier in knowledge slots in between', async () => {
    const day = d('2026-04-01');
    await write([{ seriesNo: b, date: day, knownAt: 10_000, value: 2 }]);
    await write([{ seriesNo: b, date: day, knownAt: 30_000, value: 4 }]);
    await write([{ seriesNo: b, date: day, knownAt: 20_000, value: 3 }]); // back-filled knowledge
    expect((await store.latest([b], day, 25_000))[0].value).toBe(3);
    expect((await store.latest([b], day))[0].value).toBe(4);
    expect((await store.history([b], day, day))[0].values[0]).toBe(4);
    expect((await store.latest([b], day, 15_000))[0].value).toBe(2);
  });

  it('latest as of a date picks the last observation on or before it', async () => {
    const [p] = await store.latest([a], d('2024-03-15'));
    expect(p.date).toBe(d('2024-03-15'));
    const [q] = await store.latest([b], d('2026-03-31'));
    expect(q.date).toBe(d('2026-03-31'));
    expect(await store.latest([b], d('2020-01-01'))).toEqual([]);
  });
});
