// Numerical integration, one module: fixed rules on [-1, 1] (Gauss-Legendre, tanh-sinh) applied
// with `integrate`, and adaptive Gauss-Kronrod for a tolerance-driven integral on [a, b] or
// [a, infinity).

export type { QuadratureRule } from './rule';
export { integrate } from './rule';
export { gaussLegendre } from './gauss-legendre';
export { tanhSinh } from './tanh-sinh';
export type { QuadratureOptions } from './gauss-kronrod';
export { integrateGaussKronrod, integrateToInfinity } from './gauss-kronrod';
