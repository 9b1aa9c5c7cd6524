// BondSvr on both backends, reached the way the gateway reaches it: a handler per method,
// content as JSON text, the caller only from ctx.user.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RequestContext } from '../../contracts';
import { BACKENDS, openTestDatabase, type TestDatabase } from '../../storage/test-backends';
import { insertUser } from '../login/users';
import { BondCode, BondMethod } from '../../../src/kit/bonds/contract';
import { createBondHandlers, type BondHandlers } from './index';
import { sampleBonds } from './service';
import { parseBondCsv } from '../../../src/kit/bonds/import';

interface User { name: string; inf5: string }

const CSV_HEADER = 'code,name,issuerType,coupon,frequency,issueDate,maturityDate,options,source';

describe('shipped sample', () => {
  it('is valid, cites a source for every bond, and marks illustrative bonds as samples', () => {
    const all = sampleBonds();
    expect(all.length).toBeGreaterThanOrEqual(20);
    for (const b of all) {
      expect(b.source.length, b.code).toBeGreaterThan(10);
      if (b.sample) expect(b.code, b.code).toMatch(/^SAMPLE-/);
      else expect(b.sourceUrl, b.code).toMatch(/^https?:\/\//);
    }
    expect(new Set(all.map((b) => b.issuerType))).toEqual(new Set(['CGB', 'CDB', 'ADBC', 'EXIM', 'LGB', 'CORP', 'NCD']));
  });
});

describe('importer (pure)', () => {
  it('reports every bad line with its field, and returns nothing when any line is bad', () => {
    const csv = [
      CSV_HEADER,
      'X1,Good bond,CGB,0.025,1,2024-06-15,2029-06-15,,my desk',
      'X2,Bad type,XYZ,0.025,1,2024-06-15,2029-06-15,,my desk',
      'X3,Off grid,CGB,0.025,1,2024-06-14,2029-06-15,,my desk',
      'X4,Percent coupon,CGB,2.5,1,2024-06-15,2029-06-15,,my desk',
      'X1,Duplicate,CGB,0.025,1,2024-06-15,2029-06-15,,my desk',
      'X5,Put off schedule,CORP,0.03,1,2024-06-15,2029-06-15,put@2027-06-16@100,my desk',
    ].join('\n');
    const r = parseBondCsv(csv);
    expect(r.records).toEqual([]);
    const byLine = (l: number) => r.errors.filter((e) => e.line === l);
    expect(byLine(2)).toEqual([]);
    expect(byLine(3)[0].field).toBe('issuerType');
    expect(byLine(4)[0]).toMatchObject({ field: 'issueDate' });
    expect(byLine(5)[0].message).toMatch(/decimal/);
    expect(byLine(6)[0]).toMatchObject({ field: 'code', message: expect.stringMatching(/line 2/) });
    expect(byLine(7)[0].field).toBe('options.0.date');
  });
  it('reads the compact options cell and a BOM', () => {
    const r = parseBondCsv(`\uFEFF${CSV_HEADER}\nP1,Putable,CORP,0.03,1,2024-06-15,2029-06-15,put@2027-06-15@100@0.025,desk`);
    expect(r.errors).toEqual([]);
    expect(r.records[0].options).toEqual([{ type: 'put', date: '2027-06-15', price: 100, resetCoupon: 0.025 }]);
  });
});

describe.each(BACKENDS)('BondSvr on %s', (kind) => {
  let t: TestDatabase;
  let h: BondHandlers;
  let n = 0;
  const users: Record<'a' | 'b' | 'banned', User> = {} as never;

  async function addUser(inf5: string): Promise<User> {
    const i = ++n;
    const u = { name: `Bond${i}x${process.pid}`, inf5 };
    await insertUser(t.db, { userName: u.name, passwordHash: 'x', phone: `138${String(process.pid % 10000).padStart(4, '0')}${String(i).padStart(4, '0')}`, role: 'bank' }, 1);
    return u;
  }
  // eslint-disable-next-line @typescript-eslint/no-explicit-any
  async function call(user: User | null, method: string, content: object | string): Promise<any> {
    const ctx: RequestContext = { sid: user ? 's' : null, user: user ? { userName: user.name, sid: 's', inf5: user.inf5 } : null, connId: 1, remoteAddress: '127.0.0.1' };
    return h[method](typeof content === 'string' ? content : JSON.stringify(content), ctx);
  }

  beforeAll(async () => {
    t = await openTestDatabase(kind);
    h = createBondHandlers({ db: t.db, now: () => 1_700_000_000_000, log: () => {} });
    users.a = await addUser('2');
    users.b = await addUser('2');
    users.banned = await addUser('3');
  });
  afterAll(async () => { await t?.dispose(); });

  it('needs a session', async () => {
    expect((await call(null, BondMethod.search, {})).Code).toBe(BondCode.sessionInvalid);
  });

  it('searches the shared sample by code, name and issuer type', async () => {
    const all = await call(users.a, BondMethod.search, { limit: 200 });
    expect(all.Code).toBe(BondCode.ok);
    expect(all.total).toBe(sampleBonds().length);
    const byCode = await call(users.a, BondMethod.search, { query: '1600' });
    expect(byCode.bonds.map((b: { code: string }) => b.code)).toEqual(['160004', '160010', '160017', '160023']);
    const byName = await call(users.a, BondMethod.search, { query: '超长期' });
    expect(byName.bonds[0]).toMatchObject({ code: 'MOF2024SP06', coupon: 0.0219, frequency: 2, owned: false, sample: false });
    const cdb = await call(users.a, BondMethod.search, { issuerTypes: ['CDB'] });
    expect(cdb.bonds.every((b: { issuerType: string; sample: boolean }) => b.issuerType === 'CDB' && b.sample)).toBe(true);
    expect((await call(users.a, BondMethod.search, { query: '%' })).total).toBe(0);
    const real = await call(users.a, BondMethod.search, { includeSamples: false, limit: 200 });
    expect(real.bonds.every((b: { sample: boolean }) => !b.sample)).toBe(true);
    expect((await call(users.a, BondMethod.search, { issuerTypes: ['NOPE'] })).Code).toBe(BondCode.badRequest);
  });

  it('gets terms with their source', async () => {
    const r = await call(users.a, BondMethod.get, { code: '160017' });
    expect(r.bond).toMatchObject({ code: '160017', coupon: 0.0274, issueDate: '2016-08-04', maturityDate: '2026-08-04', sseCode: '019545', frequency: 2 });
    expect(r.bond.source).toMatch(/T1903/);
    expect((await call(users.a, BondMethod.get, { code: 'NOPE' })).Code).toBe(BondCode.notFound);
  });

  it('lists a contract\'s deliverable basket with CFFEX conversion factors', async () => {
    const r = await call(users.a, BondMethod.basket, { contract: 'T1903' });
    expect(r.Code).toBe(BondCode.ok);
    expect(r.bonds.map((b: { code: string }) => b.code)).toEqual(['150023', '160004', '160010', '160017', '160023', '170004', '170010', '170018', '170025', '180004', '180011']);
    expect(r.bonds.find((b: { code: string }) => b.code === '170025').conversionFactor).toBe(1.0621);
    // The CNY calendar (calendarFor) holds 2019: T1903 last traded on Fri 8 March 2019, delivered by the 13th.
    expect(r.contract).toMatchObject({ lastTradingDay: '2019-03-08', lastDeliveryDay: '2019-03-13' });
    const ts = await call(users.a, BondMethod.basket, { contract: 'TS2606' });
    expect(ts.bonds.map((b: { code: string }) => b.code)).toEqual(['250024']);
    expect(ts.contract).toMatchObject({ lastTradingDay: '2026-06-12', lastDeliveryDay: '2026-06-17' });
    expect((await call(users.a, BondMethod.basket, { contract: 'T2605' })).Code).toBe(BondCode.badRequest);
  });

  it('imports all or nothing into the caller\'s own set, visible to the caller only', async () => {
    const good = `${CSV_HEADER}\nMY-1,My bond,CORP,0.031,1,2025-03-01,2030-03-01,put@2028-03-01@100,desk sheet\nMY-2,My other,LGB,0.022,2,2025-03-01,2035-03-01,,desk sheet`;
    const badFile = `${good}\nMY-3,Broken,CORP,0.031,1,2025-03-02,2030-03-01,,desk sheet`;
    const refused = await call(users.a, BondMethod.import, { format: 'csv', text: badFile });
    expect(refused).toMatchObject({ Code: BondCode.importInvalid, errorCount: 1, errors: [{ line: 4, field: 'issueDate' }] });
    expect((await call(users.a, BondMethod.search, { query: 'MY-' })).total).toBe(0);
    const ok = await call(users.a, BondMethod.import, { format: 'csv', text: good });
    expect(ok).toMatchObject({ Code: BondCode.ok, imported: 2, created: 2 });
    const again = await call(users.a, BondMethod.import, { format: 'json', text: JSON.stringify([{ code: 'MY-1', name: 'Renamed', issuerType: 'CORP', coupon: 0.031, frequency: 1, issueDate: '2025-03-01', maturityDate: '2030-03-01', source: 'desk' }]) });
    expect(again).toMatchObject({ imported: 1, created: 0, updated: 1 });
    const mine = await call(users.a, BondMethod.search, { query: 'MY-' });
    expect(mine.bonds.map((b: { code: string; owned: boolean }) => [b.code, b.owned])).toEqual([['MY-1', true], ['MY-2', true]]);
    expect((await call(users.b, BondMethod.search, { query: 'MY-' })).total).toBe(0);
    expect((await call(users.b, BondMethod.get, { code: 'MY-1' })).Code).toBe(BondCode.notFound);
    expect((await call(users.b, BondMethod.delete, { code: 'MY-1' })).Code).toBe(BondCode.notFound);
    expect((await call(users.a, BondMethod.delete, { code: 'MY-1' })).Code).toBe(BondCode.ok);
    expect((await call(users.a, BondMethod.search, { query: 'MY-' })).total).toBe(1);
  });

  it('a user\'s own bond of a shared code shadows it for that user only; the shared set cannot be deleted', async () => {
    const text = JSON.stringify({ bonds: [{ code: '160017', name: 'My view of 160017', issuerType: 'CGB', coupon: 0.0274, frequency: 2, issueDate: '2016-08-04', maturityDate: '2026-08-04', source: 'desk' }] });
    expect((await call(users.b, BondMethod.import, { format: 'json', text })).Code).toBe(BondCode.ok);
    expect((await call(users.b, BondMethod.get, { code: '160017' })).bond).toMatchObject({ name: 'My view of 160017', owned: true });
    expect((await call(users.a, BondMethod.get, { code: '160017' })).bond.owned).toBe(false);
    expect((await call(users.a, BondMethod.delete, { code: '160017' })).Code).toBe(BondCode.notFound);
  });

  it('refuses bad content and forbidden accounts', async () => {
    expect((await call(users.a, BondMethod.import, '{')).Code).toBe(BondCode.badRequest);
    expect((await call(users.a, BondMethod.import, { format: 'xls', text: 'x' })).Code).toBe(BondCode.badRequest);
    expect((await call(users.banned, BondMethod.import, { format: 'csv', text: 'x' })).Code).toBe(BondCode.forbidden);
    const types = await call(users.a, BondMethod.issuerTypes, {});
    expect(types.issuerTypes.find((x: { code: string }) => x.code === 'CDB')).toMatchObject({ zh: '国开债' });
  });
});
