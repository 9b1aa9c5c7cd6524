// What the smile chart draws (pure): the vol each leg was priced at. A leg priced from the
// surface follows the market smile; a leg priced at a typed flat vol is a flat line at that
// vol, and the market smile is then drawn dashed as "not used", so the chart never shows a
// smile the price did not use (issue 20, section 3).
import type { Smile } from './model';
import type { Inputs } from './state';

export interface SmileLine {
  /** 'typed': flat at the typed vol; 'market': the surface's smile used for this leg; 'unused': the market smile a typed vol overrode. */
  kind: 'typed' | 'market' | 'unused';
  legNum?: number;
  /** Percent, one per strike. */
  vols: number[];
}

/** Percent vol typed for each priced leg (null: from the surface), in the reply's leg order. */
export function typedVols(i: Pick<Inputs, 'instrument' | 'vol' | 'legs' | 'strategy'>, legCount: number, solvesVol = false): (number | null)[] {
  // A preset that solves the vol ignores the vol field.
  if (solvesVol && i.instrument !== 'CU' && i.instrument !== 'PP') return Array.from({ length: Math.max(1, legCount) }, () => null);
  if (i.instrument === 'CU') return Array.from({ length: legCount }, (_, k) => i.legs[k]?.vol ?? null);
  return Array.from({ length: Math.max(1, legCount) }, () => i.vol);
}

/** The chart's x (strikes, the first smile's) and one line per leg, plus the unused market smile. */
export function smileLines(smiles: readonly Smile[], typed: readonly (number | null)[]): { strikes: number[]; lines: SmileLine[] } | null {
  if (!smiles.length) return null;
  const strikes = smiles[0].strikes;
  const lines: SmileLine[] = smiles.map((s, k) => {
    const v = typed[k] ?? null;
    return v === null
      ? { kind: 'market', legNum: s.legNum ?? k + 1, vols: s.vols.map((x) => x * 100) }
      : { kind: 'typed', legNum: s.legNum ?? k + 1, vols: strikes.map(() => v) };
  });
  if (lines.some((l) => l.kind === 'typed')) lines.push({ kind: 'unused', vols: smiles[0].vols.map((x) => x * 100) });
  return { strikes, lines };
}
