// Seeded pseudo-random numbers: xoshiro128** (Blackman & Vigna; 32-bit words, which JS
// handles natively with Math.imul), seeded through splitmix32 so nearby seeds give unrelated
// streams, plus normal deviates by Marsaglia's polar method. Deterministic per seed.

/** splitmix32 step: a good 32-bit mixer, used for seeding and for deriving block seeds. */
export function splitmix32(x: number): number {
  x = (x + 0x9e3779b9) >>> 0;
  x = Math.imul(x ^ (x >>> 16), 0x85ebca6b) >>> 0;
  x = Math.imul(x ^ (x >>> 13), 0xc2b2ae35) >>> 0;
  return (x ^ (x >>> 16)) >>> 0;
}

/** A seed for block `block` of a run seeded with `seed` (independent of the worker layout). */
export function blockSeed(seed: number, block: number): number {
  return splitmix32((splitmix32(seed >>> 0) ^ Math.imul(block + 1, 0x27d4eb2d)) >>> 0);
}

export class Xoshiro128 {
  private s0: number;
  private s1: number;
  private s2: number;
  private s3: number;
  private spare = 0;
  private hasSpare = false;

  constructor(seed: number) {
    let x = seed >>> 0;
    x = splitmix32(x); this.s0 = x;
    x = splitmix32(x); this.s1 = x;
    x = splitmix32(x); this.s2 = x;
    x = splitmix32(x); this.s3 = x;
    if ((this.s0 | this.s1 | this.s2 | this.s3) === 0) this.s0 = 1;
  }

  nextUint32(): number {
    const result = Math.imul(rotl(Math.imul(this.s1, 5), 7), 9) >>> 0;
    const t = this.s1 << 9;
    this.s2 ^= this.s0;
    this.s3 ^= this.s1;
    this.s1 ^= this.s2;
    this.s0 ^= this.s3;
    this.s2 ^= t;
    this.s3 = rotl(this.s3, 11);
    return result;
  }

  /** Uniform in (0, 1) with 53 random bits; never exactly 0 or 1. */
  nextDouble(): number {
    const hi = this.nextUint32() >>> 5; // 27 bits
    const lo = this.nextUint32() >>> 6; // 26 bits
    return (hi * 67108864 + lo + 0.5) / 9007199254740992;
  }

  /** Standard normal deviate (polar method; the second of each pair is kept). */
  nextNormal(): number {
    if (this.hasSpare) {
      this.hasSpare = false;
      return this.spare;
    }
    let u: number;
    let v: number;
    let s: number;
    do {
      u = 2 * this.nextDouble() - 1;
      v = 2 * this.nextDouble() - 1;
      s = u * u + v * v;
    } while (s >= 1 || s === 0);
    const f = Math.sqrt((-2 * Math.log(s)) / s);
    this.spare = v * f;
    this.hasSpare = true;
    return u * f;
  }
}

function rotl(x: number, k: number): number {
  return (x << k) | (x >>> (32 - k));
}
