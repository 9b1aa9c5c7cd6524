import { describe, expect, it } from 'vitest';
import { smileLines, typedVols } from './smile';
import { DEFAULT_INPUTS } from './state';

const market = { legNum: 1, strikes: [7.0, 7.1, 7.2], vols: [0.052, 0.048, 0.05] };

describe('smile chart: what priced the option (issue 20)', () => {
  it('with a typed flat vol the chart shows that vol, and the market smile only dashed as not used', () => {
    const typed = typedVols({ ...DEFAULT_INPUTS, instrument: 'VA', vol: 6.5 }, 1);
    expect(typed).toEqual([6.5]);
    const s = smileLines([market], typed)!;
    expect(s.strikes).toEqual([7.0, 7.1, 7.2]);
    expect(s.lines.map((l) => l.kind)).toEqual(['typed', 'unused']);
    expect(s.lines[0].vols).toEqual([6.5, 6.5, 6.5]);
    expect(s.lines[1].vols.map((v) => +v.toFixed(10))).toEqual([5.2, 4.8, 5]);
  });

  it('priced from the surface, the chart is the market smile', () => {
    const s = smileLines([market], typedVols({ ...DEFAULT_INPUTS, instrument: 'VA', vol: null }, 1))!;
    expect(s.lines).toHaveLength(1);
    expect(s.lines[0].kind).toBe('market');
    // A preset that solves the vol does not use the vol field.
    expect(typedVols({ ...DEFAULT_INPUTS, instrument: 'VA', vol: 6.5 }, 1, true)).toEqual([null]);
  });

  it('custom legs: each leg by its own vol', () => {
    const legs = [{ ...DEFAULT_INPUTS.legs[0], vol: 7 }, { ...DEFAULT_INPUTS.legs[1], vol: null }];
    const typed = typedVols({ ...DEFAULT_INPUTS, instrument: 'CU', legs }, 2);
    expect(typed).toEqual([7, null]);
    const s = smileLines([market, { ...market, legNum: 2 }], typed)!;
    expect(s.lines.map((l) => `${l.kind}${l.legNum ?? ''}`)).toEqual(['typed1', 'market2', 'unused']);
    expect(smileLines([], typed)).toBeNull();
  });
});
