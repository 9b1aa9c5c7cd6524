import { describe, expect, it } from 'vitest';
import { integrate, tanhSinh } from './index';

describe('tanh-sinh rule', () => {
  it('tanh-sinh handles algebraic endpoint singularities', () => {
    const rule = tanhSinh();
    expect(integrate((x) => Math.sqrt(1 - x * x), -1, 1, rule)).toBeCloseTo(Math.PI / 2, 14);
    expect(integrate((x) => Math.sqrt(x), 0, 1, rule)).toBeCloseTo(2 / 3, 14);
    expect(integrate((x) => Math.log(x), 0, 1, rule)).toBeCloseTo(-1, 13);
  });
});
