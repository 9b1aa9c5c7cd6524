// The meaning of the language's operators and functions on numbers, in one place: the
// resolver's constant evaluation, the engine's per-observation folding and the CPU closures
// use these; the WGSL generator mirrors them (mc/structured/wgsl.ts). Conditions are numbers:
// 1 true, 0 false; any non-zero value counts as true.
import type { BinaryOp } from './ast';

export function applyBinary(op: BinaryOp, a: number, b: number): number {
  switch (op) {
    case '+': return a + b;
    case '-': return a - b;
    case '*': return a * b;
    case '/': return a / b;
    case '<': return a < b ? 1 : 0;
    case '<=': return a <= b ? 1 : 0;
    case '>': return a > b ? 1 : 0;
    case '>=': return a >= b ? 1 : 0;
    case '==': return a === b ? 1 : 0;
    case '!=': return a !== b ? 1 : 0;
    case 'and': return a !== 0 && b !== 0 ? 1 : 0;
    case 'or': return a !== 0 || b !== 0 ? 1 : 0;
  }
}

export type MathFn = 'abs' | 'exp' | 'log' | 'sqrt';
export const MATH_FNS: readonly string[] = ['abs', 'exp', 'log', 'sqrt'];

export function applyMath(fn: MathFn, a: number): number {
  switch (fn) {
    case 'abs': return Math.abs(a);
    case 'exp': return Math.exp(a);
    case 'log': return Math.log(a);
    case 'sqrt': return Math.sqrt(a);
  }
}

export const applyNeg = (a: number): number => -a;
export const applyNot = (a: number): number => (a === 0 ? 1 : 0);

/** list[i]: i floored and clamped to the list (a step-down table shorter than its schedule repeats its last entry). */
export function listIndex(len: number, i: number): number {
  const k = Math.floor(i);
  return k < 0 ? 0 : k >= len ? len - 1 : k;
}
