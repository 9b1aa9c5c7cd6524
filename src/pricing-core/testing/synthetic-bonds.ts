// Synthetic bond universes for the China-bond tests and benches: bonds priced exactly off a
// known Nelson-Siegel-Svensson curve (so a fit must recover it).
import { type CalendarDate, addMonths } from '../dates/date';
import { cnFixedBond } from '../instruments/rates/cn-bond';
import { NelsonSiegelSvensson } from '../market/bond-curves/nelson-siegel';
import { bondFlows, curveDirtyPrice } from '../engines/bond/curve-risk';
import { cnSettlementView } from '../engines/bond/cn-bond';
import type { FitBond } from '../engines/bond/relative-value';
import { mulberry32 } from '../math/random';

export const TRUE_NSS = new NelsonSiegelSvensson({ b0: 0.024, b1: -0.011, b2: -0.006, b3: 0.008, tau1: 1.2, tau2: 9 });

export function syntheticBonds(n: number, settlement: CalendarDate, seed = 3, curve = TRUE_NSS): FitBond[] {
  const r = mulberry32(seed);
  return Array.from({ length: n }, (_, i) => {
    const years = 1 + Math.floor(r() * 30);
    const maturity = addMonths(settlement, Math.floor(r() * 12 * years) + 3);
    const f = r() < 0.5 ? 1 : 2;
    const bond = cnFixedBond(addMonths(maturity, -12 * (years + 1)), maturity, Math.round((0.015 + r() * 0.025) * 1e4) / 1e4, f as 1 | 2);
    const dirty = curveDirtyPrice(bondFlows(bond, settlement), curve);
    return { code: `B${i}`, bond, cleanPrice: dirty - cnSettlementView(bond, settlement).accrued };
  });
}
