// Market figures turned into model inputs, for every screen that reads tenor series: pillars
// (time, value) of vol and deposit series, the ATM vol and the continuously compounded rate at
// a time, and the provenance of a figure made from several observations. Pure.
import type { Observation } from './series';
import type { Provenance } from './provenance';

/** A market tenor as years (1W = 7/365, 3M = 0.25, ON = 1/365; NaN for what is not one): pillar times and chart x. */
export function tenorYears(tenor: string): number {
  const m = /^(\d{1,3})([DWMY])$/i.exec(tenor.trim());
  if (!m) return tenor.trim().toUpperCase() === 'ON' ? 1 / 365 : Number.NaN;
  const n = Number(m[1]);
  switch (m[2].toUpperCase()) {
    case 'D': return n / 365;
    case 'W': return (7 * n) / 365;
    case 'M': return n / 12;
    default: return n;
  }
}

export interface Pillar {
  t: number;
  value: number;
  obs: Observation;
}

/** Pillars (time, value) of a set of tenor series, from the latest values known. */
export function pillars(ids: ReadonlyArray<{ tenor: string; id: string }>, values: ReadonlyMap<string, Observation>): Pillar[] {
  const out: Pillar[] = [];
  for (const { tenor, id } of ids) {
    const o = values.get(id);
    if (o && Number.isFinite(o.value)) out.push({ t: tenorYears(tenor), value: o.value, obs: o });
  }
  return out.sort((a, b) => a.t - b.t);
}

/**
 * ATM vol at time t (decimal): total variance linear in time between pillars, flat vol
 * outside them. `from` lists the pillars used (for the source shown beside the figure).
 */
export function volAt(p: readonly Pillar[], t: number): { value: number; from: Pillar[] } | null {
  if (!p.length) return null;
  if (t <= p[0].t) return { value: p[0].value / 100, from: [p[0]] };
  const last = p[p.length - 1];
  if (t >= last.t) return { value: last.value / 100, from: [last] };
  const j = p.findIndex((x) => x.t >= t);
  const a = p[j - 1], b = p[j];
  if (b.t === t) return { value: b.value / 100, from: [b] };
  const w = (t - a.t) / (b.t - a.t);
  const va = (a.value / 100) ** 2 * a.t, vb = (b.value / 100) ** 2 * b.t;
  return { value: Math.sqrt((va + w * (vb - va)) / t), from: [a, b] };
}

/**
 * Continuously compounded rate to time t (decimal) from money-market quotes in percent:
 * the quote linear in time between pillars (flat outside), then simple interest up to one
 * year (ln(1 + r t) / t) and annual compounding beyond (ln(1 + r)).
 */
export function rateAt(p: readonly Pillar[], t: number): { value: number; quoted: number; from: Pillar[] } | null {
  if (!p.length) return null;
  let q: number, from: Pillar[];
  if (t <= p[0].t) ({ q, from } = { q: p[0].value, from: [p[0]] });
  else if (t >= p[p.length - 1].t) ({ q, from } = { q: p[p.length - 1].value, from: [p[p.length - 1]] });
  else {
    const j = p.findIndex((x) => x.t >= t);
    const a = p[j - 1], b = p[j];
    q = a.value + ((t - a.t) / (b.t - a.t)) * (b.value - a.value);
    from = [a, b];
  }
  const r = q / 100;
  const tt = Math.max(t, 1 / 365);
  const cc = tt <= 1 ? Math.log(1 + r * tt) / tt : Math.log(1 + r);
  return { value: cc, quoted: q, from };
}

/** The provenance to show for a figure made from several observations: the oldest as-of, the kinds merged. */
export function combinedProvenance(obs: readonly Observation[]): Provenance | null {
  if (!obs.length) return null;
  const sorted = [...obs].sort((a, b) => a.asOf.localeCompare(b.asOf));
  const kinds = new Set(obs.map((o) => o.sourceKind));
  const kind = kinds.has('simulated') ? 'simulated' : kinds.has('sample') ? 'sample' : sorted[0].sourceKind;
  return { source: [...new Set(obs.map((o) => o.source))].join('; '), sourceKind: kind, asOf: sorted[0].asOf, offline: obs.some((o) => o.offline) || undefined };
}
