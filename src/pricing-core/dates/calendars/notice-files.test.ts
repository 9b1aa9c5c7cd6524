import { mkdtempSync, writeFileSync, mkdirSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { spawnSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { afterEach, describe, expect, it } from 'vitest';
import { isBusinessDay, loadedNotices, unloadOfficialNotice } from './index';
import { loadNoticeFile, loadNoticesFromEnv } from './notice-files';

afterEach(() => { for (const n of loadedNotices()) unloadOfficialNotice(n.calendar, n.year); });

const hkd2027 = {
  calendar: 'HKD', year: 2027, reference: 'test list (not the gazetted 2027 list)',
  holidays: [{ date: '2027-01-01', en: 'The first day of January', zh: '元旦' }, { date: '2027-02-08', en: 'Lunar New Year', zh: '农历新年' }],
};

describe('notices from files', () => {
  it('loads a file, a directory, and the CALENDAR_NOTICES list; a bad file loads nothing', () => {
    const dir = mkdtempSync(join(tmpdir(), 'notices-'));
    const one = join(dir, 'hkd-2027.json');
    writeFileSync(one, JSON.stringify(hkd2027));
    expect(loadNoticeFile(one).map((n) => n.year)).toEqual([2027]);
    expect(isBusinessDay('HKD', '2027-02-08')).toBe(false);
    unloadOfficialNotice('HKD', 2027);

    const sub = join(dir, 'all');
    mkdirSync(sub);
    const sgd2028 = { calendar: 'SGD', year: 2028, reference: 'test', holidays: [{ date: '2028-01-03', en: "New Year's Day (substitute day)" }] };
    writeFileSync(join(sub, 'a.json'), JSON.stringify([hkd2027, sgd2028]));
    writeFileSync(join(sub, 'notes.txt'), 'ignored');
    expect(loadNoticesFromEnv({ CALENDAR_NOTICES: sub }).map((n) => `${n.calendar}${n.year}`)).toEqual(['HKD2027', 'SGD2028']);
    for (const n of loadedNotices()) unloadOfficialNotice(n.calendar, n.year);

    const bad = join(dir, 'bad.json');
    writeFileSync(bad, JSON.stringify([hkd2027, { ...hkd2027, year: 2028 }]));
    expect(() => loadNoticeFile(bad)).toThrow(/bad\.json: .*2027-01-01 is not in 2028/s);
    expect(loadedNotices()).toEqual([]);
    writeFileSync(bad, '{ nope');
    expect(() => loadNoticeFile(bad)).toThrow(/bad\.json: not JSON/);
    expect(loadNoticesFromEnv({})).toEqual([]);
  });

  it('the pricing pool\'s workers (POST /api/price) read CALENDAR_NOTICES', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'notices-'));
    writeFileSync(join(dir, 'hkd-2027.json'), JSON.stringify(hkd2027));
    const { PricingPool } = await import('../../../../server/pricing/pricing-pool');
    const saved = process.env.CALENDAR_NOTICES;
    process.env.CALENDAR_NOTICES = dir;
    const pool = new PricingPool(1);
    try {
      const [r] = await pool.priceBatch([{ model: 'fxDates', pair: 'USDHKD', tradeDate: '2027-02-04', tenor: 'SPOT' }]);
      expect(r).toEqual({ spotDate: '2027-02-09', startDate: '2027-02-09', deliveryDate: '2027-02-09', expiryDate: '2027-02-04' });
    } finally {
      pool.close();
      if (saved === undefined) delete process.env.CALENDAR_NOTICES; else process.env.CALENDAR_NOTICES = saved;
    }
  }, 60_000);

  it('npm run price reads CALENDAR_NOTICES', () => {
    const dir = mkdtempSync(join(tmpdir(), 'notices-'));
    writeFileSync(join(dir, 'hkd-2027.json'), JSON.stringify(hkd2027));
    const root = fileURLToPath(new URL('../../../..', import.meta.url));
    const input = '{"model":"calendar","calendar":"HKD","from":"2027-02-01","to":"2027-02-12"}\n';
    const r = spawnSync('npm', ['run', '--silent', 'price'], { cwd: root, input, encoding: 'utf8', env: { ...process.env, CALENDAR_NOTICES: dir } });
    expect(JSON.parse(r.stdout.trim())).toEqual({ holidays: ['2027-02-08'], workingWeekends: [], businessDays: 9 });
  }, 60_000);
});
