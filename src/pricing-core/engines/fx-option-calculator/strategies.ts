// Multi-leg strategy templates (instrument PP) as data: each template lists its legs (long
// or short, call or put, default strike) for the buyer of the structure. A template and the
// common terms (notional, dates, rates) make the legs the calculator prices; custom
// structures (CU) give their legs directly.
import { PricingError, type OptionType } from '../../core/types';
import type { CalcLeg, Direction, NotionalCurrency, StrikeSpec } from './types';

export const STRATEGY_NAMES = ['spread', 'riskReversal', 'straddle', 'strangle', 'butterfly', 'seagull'] as const;
export type StrategyName = (typeof STRATEGY_NAMES)[number];

interface TemplateLeg {
  readonly side: 'long' | 'short';
  /** 'given': the request's `type` (spreads). */
  readonly type: OptionType | 'given';
  readonly strike: StrikeSpec;
  readonly role: string;
}

export interface StrategyTemplate {
  readonly label: string;
  readonly labelZh: string;
  readonly legs: readonly TemplateLeg[];
  /** How the seller's side is formed: every leg reversed, or calls and puts swapped (seagull). */
  readonly mirror: 'reverse' | 'swapTypes';
}

const ATM: StrikeSpec = { kind: 'atm' };
const D25: StrikeSpec = { kind: 'delta', delta: 0.25 };

export const STRATEGY_TEMPLATES: Readonly<Record<StrategyName, StrategyTemplate>> = Object.freeze({
  spread: {
    label: 'Spread', labelZh: '价差', mirror: 'reverse',
    legs: [{ side: 'long', type: 'given', strike: ATM, role: 'bought strike' }, { side: 'short', type: 'given', strike: D25, role: 'sold strike' }],
  },
  riskReversal: {
    label: 'Risk reversal', labelZh: '风险逆转', mirror: 'reverse',
    legs: [{ side: 'long', type: 'call', strike: D25, role: 'call' }, { side: 'short', type: 'put', strike: D25, role: 'put' }],
  },
  straddle: {
    label: 'Straddle', labelZh: '跨式', mirror: 'reverse',
    legs: [{ side: 'long', type: 'call', strike: ATM, role: 'call' }, { side: 'long', type: 'put', strike: ATM, role: 'put' }],
  },
  strangle: {
    label: 'Strangle', labelZh: '宽跨式', mirror: 'reverse',
    legs: [{ side: 'long', type: 'put', strike: D25, role: 'put' }, { side: 'long', type: 'call', strike: D25, role: 'call' }],
  },
  butterfly: {
    // The FX market's butterfly: long the wings (strangle), short the body (ATM straddle).
    label: 'Butterfly', labelZh: '蝶式', mirror: 'reverse',
    legs: [
      { side: 'long', type: 'put', strike: D25, role: 'put wing' }, { side: 'long', type: 'call', strike: D25, role: 'call wing' },
      { side: 'short', type: 'put', strike: ATM, role: 'put body' }, { side: 'short', type: 'call', strike: ATM, role: 'call body' },
    ],
  },
  seagull: {
    // Buyer (an importer): a call spread financed by selling a put; the seller's side (an
    // exporter) swaps calls and puts: a put spread financed by selling a call.
    label: 'Seagull', labelZh: '海鸥', mirror: 'swapTypes',
    legs: [
      { side: 'short', type: 'put', strike: D25, role: 'sold put' }, { side: 'long', type: 'call', strike: ATM, role: 'bought call' },
      { side: 'short', type: 'call', strike: { kind: 'delta', delta: 0.1 }, role: 'sold call (cap)' },
    ],
  },
});

export interface StrategyInput {
  readonly name: StrategyName;
  /** buy: the template's legs as listed; sell: mirrored. */
  readonly direction: Direction;
  /** Call or put, for spreads. */
  readonly type?: OptionType;
  /** Strikes in the template's leg order; missing entries take the template's defaults. */
  readonly strikes?: readonly (StrikeSpec | undefined)[];
  readonly notional: number;
  readonly notionalCurrency: NotionalCurrency;
  readonly tExpiry: number;
  readonly tDelivery: number;
  readonly vol?: number;
  readonly rd?: number;
  readonly rf?: number;
  readonly forward?: number;
}

export function strategyLegs(s: StrategyInput): CalcLeg[] {
  const t = STRATEGY_TEMPLATES[s.name];
  if (!t) throw new PricingError(`unknown strategy: ${s.name}`);
  if (s.name === 'spread' && s.type !== 'call' && s.type !== 'put') throw new PricingError('a spread needs type call or put');
  if (s.strikes && s.strikes.length > t.legs.length) throw new PricingError(`${s.name} has ${t.legs.length} legs`);
  const sell = s.direction === 'sell';
  return t.legs.map((l, i) => {
    let type: OptionType = l.type === 'given' ? s.type! : l.type;
    let side = l.side;
    if (sell && t.mirror === 'reverse') side = side === 'long' ? 'short' : 'long';
    if (sell && t.mirror === 'swapTypes') type = type === 'call' ? 'put' : 'call';
    return {
      direction: side === 'long' ? 'buy' : 'sell', type, instrument: 'VA', strike: s.strikes?.[i] ?? l.strike,
      notional: s.notional, notionalCurrency: s.notionalCurrency, tExpiry: s.tExpiry, tDelivery: s.tDelivery,
      vol: s.vol, rd: s.rd, rf: s.rf, forward: s.forward,
    } satisfies CalcLeg;
  });
}
