// Sobol low-discrepancy sequence (Bratley-Fox / Joe-Kuo construction, 32-bit, Gray-code
// order) for up to 1024 dimensions, with optional random digital shift (XOR of a seeded
// random word per dimension) so independent randomised replicas give an error estimate.
// Any index can be the starting point, which lets workers take fixed blocks of the sequence.
import { JOE_KUO_D6 } from './sobol-joe-kuo';
import { Xoshiro128 } from './random';

const BITS = 32;
export const SOBOL_MAX_DIMENSION = 1024;

let directionCache: Uint32Array[] | undefined;

/** v[d][k] = direction number k of dimension d, scaled to 32 bits. */
function directions(): Uint32Array[] {
  if (directionCache) return directionCache;
  const dims: Uint32Array[] = [];
  const first = new Uint32Array(BITS);
  for (let k = 0; k < BITS; k++) first[k] = (1 << (BITS - 1 - k)) >>> 0;
  dims.push(first);
  for (const line of JOE_KUO_D6.trim().split('\n')) {
    const nums = line.trim().split(/\s+/).map(Number);
    const s = nums[0];
    const a = nums[1];
    const m = nums.slice(2);
    const v = new Uint32Array(BITS);
    for (let k = 0; k < Math.min(s, BITS); k++) v[k] = (m[k] << (BITS - 1 - k)) >>> 0;
    for (let k = s; k < BITS; k++) {
      let x = (v[k - s] ^ (v[k - s] >>> s)) >>> 0;
      for (let i = 1; i < s; i++) {
        if ((a >>> (s - 1 - i)) & 1) x = (x ^ v[k - i]) >>> 0;
      }
      v[k] = x;
    }
    dims.push(v);
  }
  directionCache = dims;
  return dims;
}

export class SobolSequence {
  readonly dimension: number;
  private readonly v: Uint32Array[];
  private readonly state: Uint32Array;
  private readonly shift: Uint32Array;
  private index = 0;

  /** `shiftSeed` undefined: the plain sequence; otherwise a random digital shift. */
  constructor(dimension: number, shiftSeed?: number) {
    if (!Number.isInteger(dimension) || dimension < 1 || dimension > SOBOL_MAX_DIMENSION) {
      throw new RangeError(`Sobol dimension must be 1..${SOBOL_MAX_DIMENSION}`);
    }
    this.dimension = dimension;
    this.v = directions().slice(0, dimension);
    this.state = new Uint32Array(dimension);
    this.shift = new Uint32Array(dimension);
    if (shiftSeed !== undefined) {
      const rng = new Xoshiro128(shiftSeed);
      for (let d = 0; d < dimension; d++) this.shift[d] = rng.nextUint32();
    }
  }

  /** Direction numbers (dimension-major, 32 per dimension) and the digital shift, for a GPU kernel that draws the same points. */
  words(): { directions: Uint32Array; shift: Uint32Array } {
    const directions = new Uint32Array(this.dimension * BITS);
    for (let d = 0; d < this.dimension; d++) directions.set(this.v[d], d * BITS);
    return { directions, shift: Uint32Array.from(this.shift) };
  }

  /** Position the sequence so the next point returned is point number `n` (0-based). */
  skipTo(n: number): void {
    if (!Number.isInteger(n) || n < 0 || n >= 2 ** BITS) throw new RangeError('Sobol index out of range');
    const gray = (n ^ Math.floor(n / 2)) >>> 0;
    for (let d = 0; d < this.dimension; d++) {
      let x = 0;
      const v = this.v[d];
      for (let k = 0; k < BITS; k++) if ((gray >>> k) & 1) x ^= v[k];
      this.state[d] = x >>> 0;
    }
    this.index = n;
  }

  /** Writes point number `index` into out (values in (0, 1)) and advances. */
  next(out: Float64Array): void {
    const { state, shift, dimension } = this;
    for (let d = 0; d < dimension; d++) out[d] = (((state[d] ^ shift[d]) >>> 0) + 0.5) / 4294967296;
    // Gray-code step: flip the direction number of the lowest zero bit of the index.
    let c = 0;
    let n = this.index;
    while (n & 1) {
      n >>>= 1;
      c++;
    }
    for (let d = 0; d < dimension; d++) state[d] = (state[d] ^ this.v[d][c]) >>> 0;
    this.index++;
  }
}
