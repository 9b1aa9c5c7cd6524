// /irsMarketMaking's model, pure: inputs (percent numbers) -> the SWAPTIONGRID request on the
// sample swaption surface dated as the curves; the reply -> heat-map matrices and table rows.
import { ToolFailure } from '../../kit/results/errors';
import type { CurveDefinition } from '../../pricing-core/market/curves/curve-definition';
import type { GridQuoteReply, SwaptionGridReply } from '../../pricing-core/engines/rates/rate-option-calculator';
import { sampleSwaptionSurface } from '../../pricing-core/market/rates-vol/sample-surfaces';
import type { OptionIndex, Words } from '../rateOption/model';

export type GridKind = 'payer' | 'receiver' | 'straddle';

export interface MmInputs {
  index: OptionIndex;
  notional: number | null;
  /** Percent (0.01 = 1bp of normal vol). */
  halfSpread: number | null;
  kind: GridKind;
  /** Percent from ATM. */
  offset: number | null;
}

export const DEFAULT_MM: MmInputs = { index: 'FR007', notional: 100_000_000, halfSpread: 0.01, kind: 'payer', offset: 0 };

type WordsOf = (key: string, values?: Record<string, unknown>) => Words;

export function toGridRequest(i: MmInputs, curves: CurveDefinition[], asOf: string, words: WordsOf): Record<string, unknown> {
  if (!(i.notional !== null && i.notional > 0)) throw new ToolFailure('badInput', undefined, words('errors.notional'));
  if (!(i.halfSpread !== null && i.halfSpread >= 0 && i.halfSpread < 1)) throw new ToolFailure('badInput', undefined, words('errors.halfSpread'));
  if (!(i.offset !== null && Math.abs(i.offset) <= 5)) throw new ToolFailure('badInput', undefined, words('errors.offset'));
  return {
    curves, surface: sampleSwaptionSurface(i.index, asOf), notional: i.notional, strikeOffsets: [i.offset / 100], kinds: [i.kind],
    halfSpread: { vol: i.halfSpread / 100 },
  };
}

/** values[expiry][tenor] of one field of the quotes, in the grid's order. */
export function matrix(reply: SwaptionGridReply, pick: (q: GridQuoteReply) => number): { rows: string[]; columns: string[]; values: number[][] } {
  const rows = [...new Set(reply.quotes.map((q) => q.expiry))];
  const columns = [...new Set(reply.quotes.map((q) => q.tenor))];
  const values = rows.map((e) => columns.map((t) => {
    const q = reply.quotes.find((x) => x.expiry === e && x.tenor === t);
    return q ? pick(q) : NaN;
  }));
  return { rows, columns, values };
}
