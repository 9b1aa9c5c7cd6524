// Trade ledger valuation (OptPricingSvr FXLEDGER, /transactionValuation): the shared zod schema of a trade and the engine.
export * from './schema';
export * from './ledger';
