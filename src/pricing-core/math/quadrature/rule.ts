// A fixed quadrature rule on [-1, 1] and its application to any [a, b]; the Gauss-Legendre
// and tanh-sinh generators both produce this shape.

export interface QuadratureRule {
  readonly nodes: Float64Array;
  readonly weights: Float64Array;
}

/** Integral of f over [a, b] with a rule on [-1, 1]. */
export function integrate(f: (x: number) => number, a: number, b: number, rule: QuadratureRule): number {
  const c = 0.5 * (b - a);
  const m = 0.5 * (b + a);
  let s = 0;
  const { nodes, weights } = rule;
  for (let i = 0; i < nodes.length; i++) s += weights[i] * f(m + c * nodes[i]);
  return s * c;
}
