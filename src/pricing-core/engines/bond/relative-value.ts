// Rich/cheap against a fitted curve. The curve is Nelson-Siegel-Svensson (or Nelson-Siegel)
// fitted to bond prices: minimise sum_i (w_i (P_i(model) - P_i(market)) / (D_i P_i))^2 (price
// errors over dollar duration = yield errors to first order, the usual weighting), by
// Levenberg-Marquardt with box bounds, from several starting decay times, best kept.
// Residual per bond = market yield - model yield (cnBond convention, bp): positive = the bond
// yields more than the curve says, i.e. it is cheap.
import type { CalendarDate } from '../../dates/date';
import type { CnBond } from '../../instruments/rates/cn-bond';
import { levenbergMarquardt } from '../../math/levenberg-marquardt';
import { NelsonSiegelSvensson } from '../../market/bond-curves/nelson-siegel';
import { type BondFlows, bondFlows, curveDirtyPrice } from './curve-risk';
import { cnSettlementView, cnYieldFromDirty, priceCnBond } from './cn-bond';

export interface FitBond {
  code: string;
  bond: CnBond;
  /** Market quote: clean price or yield (cnBond convention). */
  cleanPrice?: number;
  yield?: number;
  weight?: number;
}

export type FitModel = 'nss' | 'ns';

/** Bounds (our choice; they keep the two humps apart so the fit is identified). */
export const NSS_BOUNDS = {
  lower: [-0.05, -0.2, -0.3, -0.3, 0.1, 3],
  upper: [0.2, 0.2, 0.3, 0.3, 3, 30],
};

export interface RichCheapRow {
  code: string;
  remainingYears: number;
  marketYield: number;
  modelYield: number;
  /** market - model, bp; positive = cheap. */
  residualBp: number;
  marketClean: number;
  modelClean: number;
  modifiedDuration: number;
  /** 1 = cheapest. */
  rank: number;
}

export interface CurveFit {
  model: FitModel;
  curve: NelsonSiegelSvensson;
  params: number[];
  rows: RichCheapRow[];
  /** Root mean square of the yield residuals, bp. */
  rmseBp: number;
  iterations: number;
}

interface Prepared { f: BondFlows; dirty: number; scale: number; y: number; dur: number; clean: number; T: number; w: number }

export function fitBondCurve(bonds: readonly FitBond[], settlement: CalendarDate, model: FitModel = 'nss'): CurveFit {
  const k = model === 'nss' ? 6 : 4;
  if (bonds.length < k) throw new RangeError(`a ${model.toUpperCase()} fit needs at least ${k} bonds`);
  const prep: Prepared[] = bonds.map((b) => {
    if (b.cleanPrice === undefined && b.yield === undefined) throw new RangeError(`${b.code}: give a clean price or a yield`);
    const bond = { ...b.bond, face: 100 };
    const a = priceCnBond(bond, settlement, b.cleanPrice !== undefined ? { cleanPrice: b.cleanPrice } : { yield: b.yield! });
    return { f: bondFlows(bond, settlement), dirty: a.dirtyPrice, scale: a.modifiedDuration * a.dirtyPrice, y: a.yield, dur: a.modifiedDuration, clean: a.cleanPrice, T: (bond.maturity - settlement) / 365, w: b.weight ?? 1 };
  });
  const toVec = (x: number[]) => (model === 'nss' ? x : [x[0], x[1], x[2], 0, x[3], 10]);
  const res = (x: number[]) => {
    const c = NelsonSiegelSvensson.fromVector(toVec(x));
    return prep.map((p) => (p.w * (curveDirtyPrice(p.f, c) - p.dirty)) / p.scale);
  };
  const ys = [...prep].sort((a, b) => a.T - b.T);
  const short = ys[0].y, long = ys[ys.length - 1].y;
  const lower = model === 'nss' ? NSS_BOUNDS.lower : [NSS_BOUNDS.lower[0], NSS_BOUNDS.lower[1], NSS_BOUNDS.lower[2], 0.1];
  const upper = model === 'nss' ? NSS_BOUNDS.upper : [NSS_BOUNDS.upper[0], NSS_BOUNDS.upper[1], NSS_BOUNDS.upper[2], 10];
  let best: ReturnType<typeof levenbergMarquardt> | null = null;
  const starts = model === 'nss' ? [[0.5, 5], [1, 8], [2, 12], [1.5, 20]] : [[0.5], [1.5], [3], [6]];
  let iterations = 0;
  for (const taus of starts) {
    const x0 = model === 'nss' ? [long, short - long, 0, 0, taus[0], taus[1]] : [long, short - long, 0, taus[0]];
    const r = levenbergMarquardt(res, x0, { lower, upper, maxIter: 300 });
    iterations += r.iterations;
    if (!best || r.cost < best.cost) best = r;
  }
  const curve = NelsonSiegelSvensson.fromVector(toVec(best!.x));
  const rows: RichCheapRow[] = prep.map((p, i) => {
    const modelDirty = curveDirtyPrice(p.f, curve);
    const v = cnSettlementView({ ...bonds[i].bond, face: 100 }, settlement);
    const my = cnYieldFromDirty(v, modelDirty);
    return { code: bonds[i].code, remainingYears: p.T, marketYield: p.y, modelYield: my, residualBp: (p.y - my) * 1e4, marketClean: p.clean, modelClean: modelDirty - v.accrued, modifiedDuration: p.dur, rank: 0 };
  });
  rows.map((_, i) => i).sort((a, b) => rows[b].residualBp - rows[a].residualBp).forEach((i, r) => { rows[i].rank = r + 1; });
  const rmse = Math.sqrt(rows.reduce((s, r) => s + r.residualBp ** 2, 0) / rows.length);
  return { model, curve, params: toVec(best!.x), rows, rmseBp: rmse, iterations };
}
