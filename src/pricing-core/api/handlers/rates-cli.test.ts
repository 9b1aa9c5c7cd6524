// One spawn of `npm run --silent price` with the four models of the "Interest rates" and "FX
// swaps" sections: the lines come back in order, each equal to priceOne's answer.
import { describe, expect, it } from 'vitest';
import { spawnSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { priceOne } from '../price-request';

const root = fileURLToPath(new URL('../../../..', import.meta.url));

describe('rates models through npm run price', () => {
  it('bootstrap, swaption, capFloor, fxImpliedRate and a bad line, in order', () => {
    const curve = [[0, 0.02], [1, 0.021], [5, 0.025], [12, 0.03]];
    const requests = [
      { model: 'bootstrap', valuationDate: '2025-06-02', instruments: [
        { type: 'deposit', endDate: '2025-09-02', rate: 0.018, dayCount: 'ACT/360' },
        { type: 'swap', endDate: '2030-06-02', rate: 0.022, fixedFrequency: 4, fixedDayCount: 'ACT/365F', floatFrequency: 4, floatDayCount: 'ACT/365F' },
      ], at: ['2027-06-02', 0.5] },
      { model: 'swaption', valuationDate: '2025-06-02', expiryDate: '2026-06-02', startDate: '2026-06-04', endDate: '2031-06-04', curve,
        fixedFrequency: 1, fixedDayCount: 'ACT/360', notional: 1e8, strike: 0.026, payer: true, volType: 'normal', vol: 0.008 },
      { model: 'capFloor', valuationDate: '2025-06-02', startDate: '2025-06-02', endDate: '2028-06-02', frequency: 4, dayCount: 'ACT/360', curve,
        notional: 1e7, strike: 0.022, type: 'cap', volType: 'black', vol: 0.3, shift: 0.01 },
      { model: 'fxImpliedRate', pair: 'USDCNY', spot: 7.18, startDate: '2025-06-04', endDate: '2026-06-04', forward: 7.02, rf: 0.042 },
      { model: 'swaption', valuationDate: '2025-06-02' },
    ];
    const input = requests.map((r) => JSON.stringify(r)).join('\n') + '\n';
    const r = spawnSync('npm', ['run', '--silent', 'price'], { cwd: root, input, encoding: 'utf8' });
    expect(r.status).toBe(0);
    const lines = r.stdout.trim().split('\n').map((l) => JSON.parse(l));
    expect(lines).toHaveLength(requests.length);
    // JSON round trip of priceOne's result (what the CLI writes) must match exactly.
    requests.forEach((req, i) => expect(lines[i]).toEqual(JSON.parse(JSON.stringify(priceOne(req)))));
    expect(lines[0].discountFactors).toHaveLength(2);
    expect(lines[1].npv).toBeGreaterThan(0);
    expect(lines[2].capletNpvs[0]).toBe(0);
    expect(lines[3].rd).toBeLessThan(0.042);
    expect(lines[4].error).toMatch(/missing field/);
  });
});
