// The pricing core's socket API (OptPricingSvr tool methods): served by the gateway
// (server/services/pricing) and by the browser's offline worker (src/kit/pricing).
export { BAD_REQUEST, NO_INVERSE, priceRequests, tools } from './tools';
export { fxForwardTools } from './tools-fx-forwards';
export { rateOptionTools } from './tools-rate-options';
export { ServiceError } from './service-error';
