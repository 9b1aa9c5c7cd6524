// Commodity-futures, index and ETF options (the /CSIOptionCalculator screen and OptPricingSvr
// CSIOPTION): Black-76 / BSM, European and American, contract data and expiry rules,
// implied vol from a market premium. docs/pricing-listed-and-crypto-options.md.
export { listedImpliedVol, listedOptionValue, priceListedOption, type ListedOptionInputs, type ListedOptionValue } from './listed-option';
export { CN_EXCHANGE_CALENDAR, EXCHANGE_CALENDAR_YEARS, expiryDate, parseContractMonth } from './expiry';
export { runCsiRequest, type CsiRow, type CsiRowResult } from './request';
export { LISTED_OPTION_CONTRACTS, listedContract, type ListedOptionContract } from '../../instruments/listed-option-contracts';
