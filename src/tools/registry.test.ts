import { describe, expect, it } from 'vitest';
import { findTool, isHomeChild, TOOLS, toolLabel } from './registry';

// SPEC section 2, home-shell routes, exactly as spelled there.
const SPEC_ROUTES = `test optionCalculator CSIOptionCalculator structuredProducts calendarManament irsCal yieldCurveAnalysis
fixedIncome relativeValue fxStrategyFilter nodebb support exchangeRate interestRate foreignExchangeSwap agentTransaction
swapStrategy swapBondSpreadAnalysis exchangeSpread transactionValuation bulkPricingOfForexOptions structuredTransactionValuation
structuredVolumePrice volatilityMonitoring forexFarSwapCalculator bankExchangeMa bankRate news fastCalculation carryRoll
rateOption rateOptionMain irsMarketMaking curveConstruction CryptoCurrencyOption bondOption bondSpread fullMarket
highFrequency pairTrading optimize bondFutures backTest ridingStrategy hegeMonitor couponComparison riskAnalysis assetTrial
creditSpread groupSetting groupAnalysis groupReportForm`.split(/\s+/);

describe('tool registry', () => {
  it('has every home-child route of the spec, once', () => {
    for (const r of SPEC_ROUTES) expect(isHomeChild(r), r).toBe(true);
    expect(new Set(TOOLS.map((t) => t.name)).size).toBe(TOOLS.length);
    expect(SPEC_ROUTES).toHaveLength(52);
  });
  it('only exchangeSpread is not kept alive', () => {
    expect(TOOLS.filter((t) => !t.keepAlive).map((t) => t.name)).toEqual(['exchangeSpread']);
  });
  it('labels in both languages', () => {
    for (const t of TOOLS) expect(t.label.zh && t.label.en, t.name).toBeTruthy();
    expect(toolLabel('optionCalculator', 'zh')).toBe('外汇期权计算器');
    expect(toolLabel('optionCalculator', 'en')).toBe('FX Option Calculator');
    expect(findTool('nope')).toBeUndefined();
  });
});
