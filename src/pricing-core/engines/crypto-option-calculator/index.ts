// BTC / ETH options, inverse (coin-margined) and linear (USD-settled): the /CryptoCurrencyOption
// screen and OptPricingSvr CRYPTOOPTION. docs/pricing-listed-and-crypto-options.md.
export { cryptoImpliedVol, MINUTES_PER_YEAR, priceCryptoOption, yearFractionBetween, type CryptoOptionInputs, type CryptoOptionValue, type CryptoSettlement } from './crypto-option';
export { runCryptoRequest, type CryptoRow, type CryptoRowResult } from './request';
