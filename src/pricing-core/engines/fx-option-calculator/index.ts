// FX option calculator engine (docs/pricing-fx-option-calculator.md): presets, legs, solves,
// quotations, greeks, strategies and chart data. The screen /optionCalculator and
// OptPricingSvr ATS.OPTPRICINGSVR.OPTIONCALC are built on it.
export * from './presets';
export * from './types';
export { buildCalcMarket, type MarketInput, type SmileQuoteInput, type SurfaceInput } from './market';
export { legUnit, legValue, vanillaUnit, type FixingSchedule, type LegEnv, type LegInstrument, type LegTerms, type LegUnit } from './leg-pricer';
export { runOptionCalculator, notionalBase, quotations, totalPremium } from './calculator';
export { STRATEGY_NAMES, STRATEGY_TEMPLATES, strategyLegs, type StrategyInput, type StrategyName } from './strategies';
export { calculatorCurves, legSmiles, type CalcCurves, type LegSmile } from './curves';
export { parseCalcRequest, runCalcRequest, parseStrike, toJson } from './request';
export { NO_INVERSE_MESSAGE } from './solve';
