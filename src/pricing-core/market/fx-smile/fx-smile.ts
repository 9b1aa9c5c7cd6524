// One expiry's FX smile from market quotes: ATM vol, 25-delta (and optionally 10-delta) risk
// reversals and butterflies, the butterflies quoted either as smile strangles or as broker
// (market, single-vol) strangles. Broker strangles are turned into smile strangles by
// calibration: the smile must reprice the broker strangle (Brent on the smile strangle).
// The pillars are interpolated in strike by vanna-volga (ATM, 25P, 25C); with 10-delta
// quotes the wings use (10P, 25P, ATM) and (ATM, 25C, 10C).
import { brentRoot } from '../../math/brent';
import { PricingError } from '../../core/types';
import { blackScholesPrice } from '../../engines/black/black-scholes';
import { atmStrike, strikeFromDelta, type AtmConvention, type DeltaConvention, type FxInputs } from '../../engines/fx/fx-conventions';
import { vannaVolgaVol, type VvPillars } from './vanna-volga';
import { calibrateSabr, sabrVol, type SabrParams } from '../sabr/sabr';

export interface SmileQuotes {
  t: number;
  spot: number;
  rd: number;
  rf: number;
  atmVol: number;
  rr25: number;
  bf25: number;
  rr10?: number;
  bf10?: number;
  /** 'smile': bf = (vol25C + vol25P) / 2 - atm; 'broker': the single-vol strangle quote */
  butterflyType: 'smile' | 'broker';
  deltaConvention: DeltaConvention;
  atmConvention: AtmConvention;
  /** strike interpolation: vanna-volga (default) or SABR (beta = 1) fitted to the pillars */
  interpolation?: 'vannaVolga' | 'sabr';
}

export interface Pillar { strike: number; vol: number; label: string }

export interface FxSmile {
  readonly t: number;
  readonly forward: number;
  readonly pillars: readonly Pillar[];
  /** smile strangles actually used (equal to the quotes for 'smile' butterflies) */
  readonly smileStrangle25: number;
  readonly smileStrangle10?: number;
  /** the fitted SABR parameters when interpolation is 'sabr' */
  readonly sabr?: SabrParams & { rmse: number };
  vol(strike: number): number;
}

function marketAt(q: SmileQuotes, vol: number): FxInputs {
  return { spot: q.spot, t: q.t, rd: q.rd, rf: q.rf, vol };
}

function wingPillars(q: SmileQuotes, delta: number, rr: number, ss: number): [Pillar, Pillar] {
  const callVol = q.atmVol + ss + 0.5 * rr, putVol = q.atmVol + ss - 0.5 * rr;
  if (!(callVol > 0 && putVol > 0)) throw new PricingError('smile quotes give a non-positive wing vol');
  const label = `${Math.round(delta * 100)}`;
  return [
    { strike: strikeFromDelta('put', -delta, marketAt(q, putVol), q.deltaConvention), vol: putVol, label: `${label}P` },
    { strike: strikeFromDelta('call', delta, marketAt(q, callVol), q.deltaConvention), vol: callVol, label: `${label}C` },
  ];
}

function assemble(q: SmileQuotes, ss25: number, ss10: number | undefined): FxSmile {
  const forward = q.spot * Math.exp((q.rd - q.rf) * q.t);
  const atm: Pillar = { strike: atmStrike(marketAt(q, q.atmVol), q.atmConvention), vol: q.atmVol, label: 'ATM' };
  const [p25, c25] = wingPillars(q, 0.25, q.rr25, ss25);
  const centre: VvPillars = { k: [p25.strike, atm.strike, c25.strike], vol: [p25.vol, atm.vol, c25.vol], forward, t: q.t };
  let pillars: Pillar[] = [p25, atm, c25];
  let vol = (k: number) => vannaVolgaVol(centre, k);
  if (ss10 !== undefined && q.rr10 !== undefined) {
    const [p10, c10] = wingPillars(q, 0.1, q.rr10, ss10);
    const low: VvPillars = { k: [p10.strike, p25.strike, atm.strike], vol: [p10.vol, p25.vol, atm.vol], forward, t: q.t };
    const high: VvPillars = { k: [atm.strike, c25.strike, c10.strike], vol: [atm.vol, c25.vol, c10.vol], forward, t: q.t };
    pillars = [p10, p25, atm, c25, c10];
    vol = (k: number) => vannaVolgaVol(k < atm.strike ? low : high, k);
  }
  for (let i = 1; i < pillars.length; i++) {
    if (!(pillars[i].strike > pillars[i - 1].strike)) throw new PricingError('smile pillars are not increasing in strike');
  }
  return Object.freeze({ t: q.t, forward, pillars: Object.freeze(pillars), smileStrangle25: ss25, smileStrangle10: ss10, vol });
}

/** Value of the broker strangle (25D or 10D) priced on `smile`, minus its quoted value. */
function strangleMismatch(q: SmileQuotes, delta: number, bf: number, smile: FxSmile): number {
  const single = marketAt(q, q.atmVol + bf);
  const kc = strikeFromDelta('call', delta, single, q.deltaConvention);
  const kp = strikeFromDelta('put', -delta, single, q.deltaConvention);
  const quoted = blackScholesPrice('call', q.spot, kc, q.t, q.rd, q.rf, q.atmVol + bf) + blackScholesPrice('put', q.spot, kp, q.t, q.rd, q.rf, q.atmVol + bf);
  const onSmile = blackScholesPrice('call', q.spot, kc, q.t, q.rd, q.rf, smile.vol(kc)) + blackScholesPrice('put', q.spot, kp, q.t, q.rd, q.rf, smile.vol(kp));
  return onSmile - quoted;
}

export function buildFxSmile(q: SmileQuotes): FxSmile {
  const vv = buildVannaVolgaSmile(q);
  if (q.interpolation !== 'sabr') return vv;
  // SABR is fitted to the final pillars (broker strangles are calibrated on vanna-volga, so
  // with SABR they are repriced to the fit's accuracy, not exactly).
  const p = calibrateSabr(vv.pillars, vv.forward, q.t);
  return Object.freeze({ ...vv, sabr: p, vol: (k: number) => sabrVol(p, vv.forward, k, q.t) });
}

function buildVannaVolgaSmile(q: SmileQuotes): FxSmile {
  if (!(q.t > 0 && q.atmVol > 0)) throw new PricingError('smile needs t > 0 and a positive ATM vol');
  const has10 = q.rr10 !== undefined && q.bf10 !== undefined;
  if (q.butterflyType === 'smile') return assemble(q, q.bf25, has10 ? q.bf10 : undefined);
  // Broker strangles: solve the 25D smile strangle on the 3-pillar smile; with 10D quotes,
  // alternate 1-D solves for the 25D and 10D smile strangles on the 5-pillar smile (they
  // are nearly decoupled, so this converges in a few rounds).
  const span = Math.max(4 * Math.abs(q.bf25) + 0.5 * Math.abs(q.rr25), 0.02);
  const solve25 = (ss10: number | undefined) =>
    brentRoot((ss) => strangleMismatch(q, 0.25, q.bf25, assemble(q, ss, ss10)), q.bf25 - span, q.bf25 + span, { xTol: 1e-14 });
  let ss25 = solve25(undefined);
  if (!has10) return assemble(q, ss25, undefined);
  const span10 = Math.max(4 * Math.abs(q.bf10!) + 0.5 * Math.abs(q.rr10!), 0.04);
  let ss10 = q.bf10!;
  for (let round = 0; round < 50; round++) {
    const next10 = brentRoot((ss) => strangleMismatch(q, 0.1, q.bf10!, assemble(q, ss25, ss)), q.bf10! - span10, q.bf10! + span10, { xTol: 1e-14 });
    const next25 = solve25(next10);
    const moved = Math.abs(next10 - ss10) + Math.abs(next25 - ss25);
    ss10 = next10; ss25 = next25;
    if (moved < 1e-13) break;
  }
  return assemble(q, ss25, ss10);
}
