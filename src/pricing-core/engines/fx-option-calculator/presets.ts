// The pricing-mode presets of SPEC section 3, as data: value, label, Chinese label,
// Instrument (comma list of VA, AR, AS, PP, CU), Main (Source and Target lists of Field and
// Type) and Legs (LegNum, Source, Target). The calculator reads what to solve from this
// table (the Target of Main), so the table and the behaviour cannot drift apart.
//
// Instruments (docs/pricing-fx-option-calculator.md explains the reading of PP and CU):
//   VA vanilla, AR average rate (Asian, fixed strike), AS average strike (Asian, floating
//   strike), PP pre-packaged strategy (legs from a template: spread, risk reversal, straddle,
//   strangle, butterfly, seagull), CU custom strategy (legs entered one by one).

export const INSTRUMENT_CODES = ['VA', 'AR', 'AS', 'PP', 'CU'] as const;
export type InstrumentCode = (typeof INSTRUMENT_CODES)[number];

export const PRESET_VALUES = ['Premium', 'StrikeFromPremium', 'VolFromPremium', 'StrikeFromDelta', 'VolFromDelta', 'Strike'] as const;
export type PresetValue = (typeof PRESET_VALUES)[number];

export type FieldName = 'Premium' | 'Delta' | 'ForwardDelta' | 'StrikePx' | 'Volatility' | 'Strikes';

/**
 * A field and its type as SPEC names them: Premium (Amount/Amt), Delta (Amount/Pct),
 * ForwardDelta (Amt/Pct), StrikePx, Volatility, Strikes (no type).
 */
export interface FieldRef {
  readonly Field: FieldName;
  readonly Type?: string;
}

export interface PresetLeg {
  readonly LegNum: number;
  readonly Source: readonly FieldRef[];
  readonly Target: readonly FieldRef[];
}

export interface Preset {
  readonly value: PresetValue;
  readonly label: string;
  readonly labelZh: string;
  /** Comma list of the instruments the preset applies to. */
  readonly Instrument: string;
  readonly Main: { readonly Source: readonly FieldRef[]; readonly Target: readonly FieldRef[] };
  readonly Legs: readonly PresetLeg[];
}

/**
 * The types each field accepts. SPEC writes the amount type two ways (Premium Amount/Amt,
 * ForwardDelta Amt, Delta Amount): both spellings are accepted for every field. Pips is our
 * addition for premiums (quote-currency or base-currency pips, as desks quote them).
 */
export const FIELD_TYPES: Readonly<Record<'Premium' | 'Delta' | 'ForwardDelta', readonly string[]>> = Object.freeze({
  Premium: ['Amt', 'Amount', 'Pct', 'Pips'],
  Delta: ['Amount', 'Amt', 'Pct'],
  ForwardDelta: ['Amt', 'Amount', 'Pct'],
});

const f = (Field: FieldName, Type?: string): FieldRef => Object.freeze(Type === undefined ? { Field } : { Field, Type });

export const PRESETS: readonly Preset[] = Object.freeze([
  {
    value: 'Premium', label: 'Premium', labelZh: '计算期权费', Instrument: 'VA,AR,AS,PP,CU',
    Main: { Source: [f('StrikePx'), f('Volatility')], Target: [f('Premium', 'Amt')] },
    Legs: [],
  },
  {
    value: 'StrikeFromPremium', label: 'Strike from premium', labelZh: '期权费反推执行价', Instrument: 'VA,AR',
    Main: { Source: [f('Premium', 'Amt'), f('Volatility')], Target: [f('StrikePx')] },
    Legs: [],
  },
  {
    value: 'VolFromPremium', label: 'Volatility from premium', labelZh: '期权费反推波动率', Instrument: 'VA,AR,AS',
    Main: { Source: [f('Premium', 'Amt'), f('StrikePx')], Target: [f('Volatility')] },
    Legs: [],
  },
  {
    value: 'StrikeFromDelta', label: 'Strike from delta', labelZh: 'Delta反推执行价', Instrument: 'VA',
    Main: { Source: [f('Delta', 'Pct'), f('Volatility')], Target: [f('StrikePx')] },
    Legs: [],
  },
  {
    value: 'VolFromDelta', label: 'Volatility from delta', labelZh: 'Delta反推波动率', Instrument: 'VA',
    Main: { Source: [f('Delta', 'Pct'), f('StrikePx')], Target: [f('Volatility')] },
    Legs: [],
  },
  {
    // Structures: the total premium (zero by default: a zero-cost structure) is the source;
    // the strikes of the target legs are solved. Leg 1 is priced as given, leg 2's strike is
    // solved unless the request names other legs.
    value: 'Strike', label: 'Strikes from total premium', labelZh: '组合反推执行价', Instrument: 'PP,CU',
    Main: { Source: [f('Premium', 'Amt')], Target: [f('Strikes')] },
    Legs: [
      { LegNum: 1, Source: [f('StrikePx'), f('Volatility')], Target: [f('Premium', 'Amt')] },
      { LegNum: 2, Source: [f('Volatility')], Target: [f('StrikePx')] },
    ],
  },
].map((p) => Object.freeze({
  ...p,
  Main: Object.freeze({ Source: Object.freeze(p.Main.Source), Target: Object.freeze(p.Main.Target) }),
  Legs: Object.freeze(p.Legs.map((l) => Object.freeze({ ...l, Source: Object.freeze(l.Source), Target: Object.freeze(l.Target) }))),
}) as Preset));

export function presetOf(value: string): Preset | undefined {
  return PRESETS.find((p) => p.value === value);
}

export function presetInstruments(p: Preset): InstrumentCode[] {
  return p.Instrument.split(',').map((s) => s.trim()) as InstrumentCode[];
}

/** What a preset solves for, read from its Main Target. */
export type SolveKind = 'none' | 'strike' | 'vol' | 'strikes';

export function solveKind(p: Preset): SolveKind {
  const t = p.Main.Target.map((x) => x.Field);
  if (t.includes('Strikes')) return 'strikes';
  if (t.includes('StrikePx')) return 'strike';
  if (t.includes('Volatility')) return 'vol';
  return 'none';
}

/** The field a solve is driven by (its Main Source other than StrikePx / Volatility). */
export function solveDriver(p: Preset): 'Premium' | 'Delta' | undefined {
  const s = p.Main.Source.map((x) => x.Field);
  if (s.includes('Premium')) return solveKind(p) === 'none' ? undefined : 'Premium';
  if (s.includes('Delta') || s.includes('ForwardDelta')) return 'Delta';
  return undefined;
}
