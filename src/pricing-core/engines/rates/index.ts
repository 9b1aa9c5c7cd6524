// Rate pricers on built curves (market/curves): the public surface the rate screens use.
export { priceSwap, swapCashflows, swapPv01, fixingsFrom, type SwapCurves, type SwapValuation, type SwapCashflow, type FixingSource } from './swap-pricer';
export { priceIrs, parseIrsTrade, buildIrs, irsTradeSchema, type IrsTrade, type IrsCurves, type IrsResult } from './irs';
export { curveRisk, involvedCurves, type CurveRisk, type KeyRateDv01 } from './curve-risk';
export {
  blackFormula, bachelierFormula, rateOptionFormula, impliedBlackVol, impliedNormalVol, type RateVolType, type RateOptionGreeks,
} from './rate-option-formulas';
export { resolveRateVol, type RateVolInput } from './rate-vol';
export { priceSwaption, type Swaption, type SwaptionValuation } from './swaption';
export { priceCapFloor, type CapFloor, type CapFloorValuation, type CapletValuation } from './cap-floor';
export { swaptionGrid, type GridInput, type GridQuote, type GridKind } from './swaption-grid';
export { carryRoll, type CarryRollRow } from './carry-roll';
