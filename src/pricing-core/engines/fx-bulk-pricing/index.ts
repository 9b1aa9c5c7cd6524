// Bulk FX option pricing (/bulkPricingOfForexOptions, OptPricingSvr BULKFX).
export { BULK_PRODUCTS, runBulkFxRequest, type BulkProduct, type BulkRow, type BulkRowResult } from './bulk-fx';
