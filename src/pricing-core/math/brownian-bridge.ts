// Brownian bridge over arbitrary positive times t_1 < ... < t_n: the first normal sets the
// terminal value W(t_n), later ones fill midpoints by bisection. With Sobol input the
// low-index (best distributed) coordinates drive the largest-variance directions of the path.
export class BrownianBridge {
  readonly size: number;
  private readonly bridgeIndex: Int32Array;
  private readonly leftIndex: Int32Array;
  private readonly rightIndex: Int32Array;
  private readonly leftWeight: Float64Array;
  private readonly rightWeight: Float64Array;
  private readonly stdDev: Float64Array;

  constructor(times: ArrayLike<number>) {
    const n = times.length;
    if (n < 1) throw new RangeError('BrownianBridge needs at least one time');
    for (let i = 0; i < n; i++) {
      if (!(times[i] > (i === 0 ? 0 : times[i - 1]))) throw new RangeError('bridge times must be positive and increasing');
    }
    this.size = n;
    this.bridgeIndex = new Int32Array(n);
    this.leftIndex = new Int32Array(n);
    this.rightIndex = new Int32Array(n);
    this.leftWeight = new Float64Array(n);
    this.rightWeight = new Float64Array(n);
    this.stdDev = new Float64Array(n);
    const map = new Int32Array(n); // 0 = not yet set, else order + 1
    map[n - 1] = 1;
    this.bridgeIndex[0] = n - 1;
    this.stdDev[0] = Math.sqrt(times[n - 1]);
    let j = 0;
    for (let i = 1; i < n; i++) {
      // Next unset slot: between the nearest set points around it.
      while (map[j]) j++;
      let k = j;
      while (!map[k]) k++;
      // Points j..k-1 are unset, k is set (or the end); fill their midpoint.
      const l = j + ((k - 1 - j) >> 1);
      map[l] = i + 1;
      this.bridgeIndex[i] = l;
      this.leftIndex[i] = j - 1; // -1 means time 0, W = 0
      this.rightIndex[i] = k;
      const tl = j === 0 ? 0 : times[j - 1];
      const tm = times[l];
      const tr = times[k];
      this.leftWeight[i] = (tr - tm) / (tr - tl);
      this.rightWeight[i] = (tm - tl) / (tr - tl);
      this.stdDev[i] = Math.sqrt(((tm - tl) * (tr - tm)) / (tr - tl));
      j = k + 1;
      if (j >= n) j = 0;
    }
  }

  /** The construction as plain arrays (for a GPU kernel that runs the same bridge). */
  coefficients(): { bridgeIndex: Int32Array; leftIndex: Int32Array; rightIndex: Int32Array; leftWeight: Float64Array; rightWeight: Float64Array; stdDev: Float64Array } {
    const { bridgeIndex, leftIndex, rightIndex, leftWeight, rightWeight, stdDev } = this;
    return { bridgeIndex, leftIndex, rightIndex, leftWeight, rightWeight, stdDev };
  }

  /** Maps n standard normals to the Brownian path values W(t_1..t_n). */
  transform(z: ArrayLike<number>, w: Float64Array): void {
    const n = this.size;
    w[n - 1] = this.stdDev[0] * z[0];
    for (let i = 1; i < n; i++) {
      const l = this.leftIndex[i];
      const r = this.rightIndex[i];
      const left = l < 0 ? 0 : w[l];
      w[this.bridgeIndex[i]] = this.leftWeight[i] * left + this.rightWeight[i] * w[r] + this.stdDev[i] * z[i];
    }
  }
}
