// Seeded pseudo-random numbers: xoshiro128** (Blackman & Vigna; 32-bit words, which JS
// handles natively with Math.imul), seeded through splitmix32 so nearby seeds give unrelated
// streams, plus normal deviates by Marsaglia's polar method (exact to double precision) and
// by the Marsaglia-Tsang ziggurat (fast; one 32-bit word per deviate almost always: 7 bits
// pick the layer, the other 25 bits give the signed abscissa, so layer and value are
// independent, the fix for the correlation Doornik found in the original). Deterministic per
// seed.

/** splitmix32 step: a good 32-bit mixer, used for seeding and for deriving block seeds. */
export function splitmix32(x: number): number {
  x = (x + 0x9e3779b9) >>> 0;
  x = Math.imul(x ^ (x >>> 16), 0x85ebca6b) >>> 0;
  x = Math.imul(x ^ (x >>> 13), 0xc2b2ae35) >>> 0;
  return (x ^ (x >>> 16)) >>> 0;
}

/**
 * mulberry32: a tiny seeded uniform generator on [0, 1), for reproducible test cases and
 * simulated feeds where stream quality matters less than size (Monte Carlo uses Xoshiro128).
 */
export function mulberry32(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
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

// Ziggurat tables: 128 layers of equal area under exp(-x^2/2), abscissas scaled to 2^24.
const ZIG_R = 3.442619855899;
const ZIG_V = 9.91256303526217e-3;
const ZIG_SCALE = 16777216;
const zigK = new Int32Array(128);
const zigW = new Float64Array(128);
const zigF = new Float64Array(128);
{
  let dn = ZIG_R;
  let tn = dn;
  const q = ZIG_V / Math.exp(-0.5 * dn * dn);
  zigK[0] = Math.floor((dn / q) * ZIG_SCALE);
  zigK[1] = 0;
  zigW[0] = q / ZIG_SCALE;
  zigW[127] = dn / ZIG_SCALE;
  zigF[0] = 1;
  zigF[127] = Math.exp(-0.5 * dn * dn);
  for (let i = 126; i >= 1; i--) {
    dn = Math.sqrt(-2 * Math.log(ZIG_V / dn + Math.exp(-0.5 * dn * dn)));
    zigK[i + 1] = Math.floor((dn / tn) * ZIG_SCALE);
    tn = dn;
    zigF[i] = Math.exp(-0.5 * dn * dn);
    zigW[i] = dn / ZIG_SCALE;
  }
}

/** A standard normal deviate by the ziggurat method from the given generator. */
export function zigguratNormal(rng: Xoshiro128): number {
  for (;;) {
    const h = rng.nextUint32() | 0;
    const layer = h & 127;
    const j = h >> 7; // signed, |j| < 2^24
    if ((j < 0 ? -j : j) < zigK[layer]) return j * zigW[layer];
    const x = j * zigW[layer];
    if (layer === 0) {
      // Tail beyond R: Marsaglia's exponential rejection.
      let xt: number;
      let y: number;
      do {
        xt = -Math.log(rng.nextDouble()) / ZIG_R;
        y = -Math.log(rng.nextDouble());
      } while (y + y < xt * xt);
      return j > 0 ? ZIG_R + xt : -ZIG_R - xt;
    }
    if (zigF[layer] + rng.nextDouble() * (zigF[layer - 1] - zigF[layer]) < Math.exp(-0.5 * x * x)) return x;
  }
}

function rotl(x: number, k: number): number {
  return (x << k) | (x >>> (32 - k));
}
