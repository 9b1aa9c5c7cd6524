// Agent FX structured forwards: packages of vanilla and barrier option legs sold to a client
// as a zero-cost hedge. A leg's quantity is a signed multiple of the package notional, from
// the client's side (+1 = the client is long the leg).
import type { BarrierOption, EuropeanOption } from './options';

export interface PackageLeg {
  readonly option: EuropeanOption | BarrierOption;
  readonly quantity: number;
}

export interface StructuredForward {
  readonly kind: 'structuredForward';
  readonly name: string;
  readonly legs: readonly PackageLeg[];
}
