// The FX market context on screens: value dates of legs, the market reply as the core's
// context (src/pricing-core/market/fx-context.ts), the hook and the "forward from" indicator.
export * from './fx-shared';
export { useFxContext } from './use-fx-context';
export { ForwardFrom } from './ForwardFrom';
export { fxMarketStrings } from './strings';
export {
  continuousRates, deliveryOfExpiry, depositRate, discountFactor, forwardAt, impliedYieldsTo, tenorDates, vanillaTerms, withSpot,
  type ForwardSource, type FxContext, type VanillaTerms,
} from '../../pricing-core/market/fx-context';
