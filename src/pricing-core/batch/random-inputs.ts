// Deterministic pseudo-random vanilla books for tests and benchmarks (no Math.random: the
// same seed gives the same book). Moneyness within +-2 standard deviations of the forward.
import type { VanillaBatchInputs } from './vanilla-batch';

export function randomVanillaBatch(n: number, seed: number): VanillaBatchInputs {
  let s = seed >>> 0 || 1;
  const u = () => {
    // xorshift32
    s ^= s << 13; s >>>= 0; s ^= s >>> 17; s ^= s << 5; s >>>= 0;
    return s / 4294967296;
  };
  const inp: VanillaBatchInputs = {
    omega: new Float64Array(n), spot: new Float64Array(n), strike: new Float64Array(n), t: new Float64Array(n),
    rd: new Float64Array(n), rf: new Float64Array(n), vol: new Float64Array(n),
  };
  for (let i = 0; i < n; i++) {
    const days = 1 + Math.floor(u() * 1825);
    const t = days / 365, vol = 0.05 + 0.6 * u();
    inp.omega[i] = u() < 0.5 ? 1 : -1;
    inp.spot[i] = 0.5 + 150 * u();
    inp.t[i] = t;
    inp.rd[i] = -0.01 + 0.08 * u();
    inp.rf[i] = -0.01 + 0.08 * u();
    inp.vol[i] = vol;
    inp.strike[i] = inp.spot[i] * Math.exp((inp.rd[i] - inp.rf[i]) * t + (4 * u() - 2) * vol * Math.sqrt(t));
  }
  return inp;
}
