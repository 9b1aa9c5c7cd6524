// Reference finite-difference engine for American options: the Black-Scholes PDE in
// x = ln S, Crank-Nicolson in time after Rannacher start-up (four implicit half steps that
// damp the payoff kink), the early-exercise constraint solved exactly at each step as a
// linear complementarity problem by policy iteration (works for one or two boundaries),
// and Richardson extrapolation over two grids. Slow but independent of the
// integral-equation method, which it verifies.
import {
  type AmericanInputs, degenerateValue, europeanValue, exerciseRegime, intrinsic, symmetricOption,
  validateAmerican,
} from './american-inputs';

export interface FdGrid {
  /** Space steps across the domain (about; adjusted so spot and strike are nodes). */
  spaceSteps: number;
  timeSteps: number;
}

/** Solves a tridiagonal system in place (Thomas); a/b/c are sub/main/super diagonals. */
function solveTridiagonal(a: Float64Array, b: Float64Array, c: Float64Array, d: Float64Array, x: Float64Array, scratch: Float64Array): void {
  const n = b.length;
  scratch[0] = c[0] / b[0];
  x[0] = d[0] / b[0];
  for (let i = 1; i < n; i++) {
    const m = b[i] - a[i] * scratch[i - 1];
    scratch[i] = c[i] / m;
    x[i] = (d[i] - a[i] * x[i - 1]) / m;
  }
  for (let i = n - 2; i >= 0; i--) x[i] -= scratch[i] * x[i + 1];
}

/** American put value on one grid (no extrapolation). */
function putOnGrid(o: AmericanInputs, grid: FdGrid): number {
  const { spot: s, strike: k, t, rd: r, rf: q, vol } = o;
  const lnS = Math.log(s);
  const lnK = Math.log(k);
  const width = 2 * (6 * vol * Math.sqrt(t) + Math.abs(lnS - lnK));
  let dx = width / grid.spaceSteps;
  const gap = Math.abs(lnK - lnS);
  // Put the strike on a node so the payoff kink does not spoil the convergence order.
  if (gap > 0) dx = gap / Math.max(1, Math.round(gap / dx));
  const half = Math.ceil(width / 2 / dx);
  const n = 2 * half + 1;
  const x = new Float64Array(n);
  for (let j = 0; j < n; j++) x[j] = lnS + (j - half) * dx;
  const payoff = new Float64Array(n);
  for (let j = 0; j < n; j++) payoff[j] = Math.max(k - Math.exp(x[j]), 0);

  // Operator L V = a V_xx + m V_x - r V with central differences.
  const a2 = (0.5 * vol * vol) / (dx * dx);
  const m1 = (r - q - 0.5 * vol * vol) / (2 * dx);
  const lo = a2 - m1;
  const mid = -2 * a2 - r;
  const up = a2 + m1;

  const v = Float64Array.from(payoff);
  const rhs = new Float64Array(n);
  const sub = new Float64Array(n);
  const diag = new Float64Array(n);
  const sup = new Float64Array(n);
  const sol = new Float64Array(n);
  const scratch = new Float64Array(n);
  const active = new Uint8Array(n);
  const sMin = Math.exp(x[0]);

  const step = (dt: number, theta: number, tauNew: number) => {
    // rhs = (I + (1 - theta) dt L) v on the interior.
    const e = (1 - theta) * dt;
    for (let j = 1; j < n - 1; j++) rhs[j] = v[j] + e * (lo * v[j - 1] + mid * v[j] + up * v[j + 1]);
    // Dirichlet ends: far below the strike the put is worth the larger of exercising and
    // holding to expiry (which one depends on the regime); far above, nothing.
    rhs[0] = Math.max(k - sMin, k * Math.exp(-r * tauNew) - sMin * Math.exp(-q * tauNew));
    rhs[n - 1] = 0;
    const f = theta * dt;
    // Policy iteration for min((I - f L) V - rhs, V - payoff) = 0, warm-started from the
    // previous step's exercise set (it moves by a node or two per step).
    for (let iter = 0; iter < 100; iter++) {
      for (let j = 0; j < n; j++) {
        if (j === 0 || j === n - 1) {
          sub[j] = 0; diag[j] = 1; sup[j] = 0;
        } else if (active[j]) {
          sub[j] = 0; diag[j] = 1; sup[j] = 0;
        } else {
          sub[j] = -f * lo; diag[j] = 1 - f * mid; sup[j] = -f * up;
        }
      }
      const b = Float64Array.from(rhs);
      for (let j = 1; j < n - 1; j++) if (active[j]) b[j] = payoff[j];
      solveTridiagonal(sub, diag, sup, b, sol, scratch);
      let changed = false;
      for (let j = 1; j < n - 1; j++) {
        const residual = sol[j] - f * (lo * sol[j - 1] + mid * sol[j] + up * sol[j + 1]) - rhs[j];
        const want = sol[j] - payoff[j] < residual ? 1 : 0;
        if (want !== active[j]) {
          active[j] = want;
          changed = true;
        }
      }
      if (!changed) break;
    }
    v.set(sol);
  };

  const dt = t / grid.timeSteps;
  let tau = 0;
  // Rannacher: the first two steps as four implicit Euler half steps.
  for (let i = 0; i < 4; i++) {
    tau += dt / 2;
    step(dt / 2, 1, tau);
  }
  for (let i = 2; i < grid.timeSteps; i++) {
    tau += dt;
    step(dt, 0.5, tau);
  }
  return v[half];
}

function putValue(o: AmericanInputs, grid: FdGrid): number {
  const coarse = putOnGrid(o, grid);
  const fine = putOnGrid(o, { spaceSteps: 2 * grid.spaceSteps, timeSteps: 2 * grid.timeSteps });
  return (4 * fine - coarse) / 3;
}

export const DEFAULT_FD_GRID: FdGrid = { spaceSteps: 400, timeSteps: 400 };

/** American option value by Crank-Nicolson finite differences with Richardson extrapolation. */
export function americanFiniteDifference(o: AmericanInputs, grid: FdGrid = DEFAULT_FD_GRID): number {
  validateAmerican(o);
  const degenerate = degenerateValue(o);
  if (degenerate !== undefined) return degenerate;
  if (exerciseRegime(o) === 'european') return Math.max(europeanValue(o), intrinsic(o));
  return putValue(o.type === 'put' ? o : symmetricOption(o), grid);
}
