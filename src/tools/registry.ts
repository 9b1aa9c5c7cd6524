// The tool registry: one entry per home-child route of SPEC section 2 (plus the account
// panels opened from the user menu). The shell, the route guard and the main menu all read
// this table; nothing else lists tools.
import type { ComponentType } from 'react';

export type MenuGroup = 'marketReference' | 'fxOptions' | 'fixedIncome' | 'system' | 'account';

/** Who sees the entry in the main menu. Every route stays reachable by URL or share link. */
export type Audience = 'all' | 'internal' | 'client';

export interface ToolEntry {
  /** Route segment, exactly as SPEC section 2 spells it (case matters). */
  name: string;
  label: { zh: string; en: string };
  group: MenuGroup;
  /** false only for /exchangeSpread: its tab unmounts when switched away from. */
  keepAlive: boolean;
  audience: Audience;
  /** Lazy module of a built tool; absent means the honest "not available yet" panel. */
  load?: () => Promise<{ default: ComponentType }>;
}

const t = (
  name: string, zh: string, en: string, group: MenuGroup,
  extra: Partial<Pick<ToolEntry, 'keepAlive' | 'audience' | 'load'>> = {},
): ToolEntry => ({ name, label: { zh, en }, group, keepAlive: true, audience: 'all', ...extra });

export const TOOLS: readonly ToolEntry[] = [
  // Market reference
  t('exchangeRate', '市场基准汇率', 'Benchmark FX Rates', 'marketReference', { load: () => import('./exchangeRate') }),
  t('interestRate', '市场基准利率', 'Benchmark Interest Rates', 'marketReference', { load: () => import('./interestRate') }),
  t('bankExchangeMa', '银行结售汇', 'Bank FX Settlement & Sale', 'marketReference', { load: () => import('./bankExchangeMa') }),
  t('bankRate', '央行利率', 'Central Bank Rates', 'marketReference', { load: () => import('./bankRate') }),
  t('calendarManament', '节假日查询', 'Holiday Calendar', 'marketReference', { load: () => import('./calendarManament') }),
  t('news', '新闻资讯', 'News', 'marketReference', { load: () => import('./news') }),
  t('volatilityMonitoring', '波动率监控', 'Volatility Monitor', 'marketReference', { load: () => import('./volatilityMonitoring') }),
  t('exchangeSpread', '汇率利差监控', 'FX Interest Spread Monitor', 'marketReference', { keepAlive: false, load: () => import('./exchangeSpread') }),
  t('fullMarket', '全市场异动', 'Market Anomalies', 'marketReference', { audience: 'internal', load: () => import('./fullMarket') }),
  // FX and commodity options
  t('optionCalculator', '外汇期权计算器', 'FX Option Calculator', 'fxOptions', { load: () => import('./optionCalculator') }),
  t('CSIOptionCalculator', '商品及股指期权计算器', 'Commodity & Index Option Calculator', 'fxOptions', { load: () => import('./CSIOptionCalculator') }),
  t('structuredProducts', '结构化产品', 'Structured Products', 'fxOptions', { load: () => import('./structuredProducts') }),
  t('bulkPricingOfForexOptions', '外汇期权批量定价', 'FX Option Bulk Pricing', 'fxOptions', { load: () => import('./bulkPricingOfForexOptions') }),
  t('structuredTransactionValuation', '结构性存款批量估值', 'Structured Deposit Bulk Valuation', 'fxOptions', { load: () => import('./structuredTransactionValuation') }),
  t('structuredVolumePrice', '结构性存款批量定价', 'Structured Deposit Bulk Pricing', 'fxOptions', { load: () => import('./structuredVolumePrice') }),
  t('transactionValuation', '交易估值', 'Trade Valuation', 'fxOptions', { load: () => import('./transactionValuation') }),
  t('foreignExchangeSwap', '外汇利率平价计算器', 'FX Interest Parity Calculator', 'fxOptions', { load: () => import('./foreignExchangeSwap') }),
  t('forexFarSwapCalculator', '外汇远掉期计算器', 'FX Forward Swap Calculator', 'fxOptions', { load: () => import('./forexFarSwapCalculator') }),
  t('swapStrategy', '掉期策略', 'Swap Strategy', 'fxOptions', { load: () => import('./swapStrategy') }),
  t('fxStrategyFilter', '外汇策略筛选', 'FX Strategy Filter', 'fxOptions'),
  t('hegeMonitor', '套保监控', 'Hedge Monitor', 'fxOptions'),
  t('CryptoCurrencyOption', '数字货币', 'Digital Currency', 'fxOptions', { load: () => import('./CryptoCurrencyOption') }),
  t('fastCalculation', '快捷计算', 'Quick Calculation', 'fxOptions'),
  t('agentTransaction', '代客交易', 'Client Trading', 'fxOptions', { audience: 'client' }),
  t('highFrequency', '日内策略', 'Intraday Strategy', 'fxOptions', { audience: 'internal' }),
  t('pairTrading', '配对策略', 'Pair Strategy', 'fxOptions', { audience: 'internal', load: () => import('./pairTrading') }),
  t('optimize', '头寸优化', 'Position Optimisation', 'fxOptions', { audience: 'internal' }),
  t('backTest', '策略回测', 'Strategy Backtest', 'fxOptions', { audience: 'internal' }),
  // Fixed income
  t('irsCal', '利率互换计算器', 'Interest Rate Swap Calculator', 'fixedIncome', { load: () => import('./irsCal') }),
  t('yieldCurveAnalysis', '收益率曲线变动分析', 'Yield Curve Movement Analysis', 'fixedIncome', { load: () => import('./yieldCurveAnalysis') }),
  t('fixedIncome', '固定收益计算器', 'Fixed Income Calculator', 'fixedIncome', { load: () => import('./fixedIncome') }),
  t('relativeValue', '相对价值', 'Relative Value', 'fixedIncome', { load: () => import('./relativeValue') }),
  t('swapBondSpreadAnalysis', '互换与债券利差分析', 'Swap-Bond Spread Analysis', 'fixedIncome', { load: () => import('./swapBondSpreadAnalysis') }),
  t('carryRoll', 'Carry&Roll', 'Carry&Roll', 'fixedIncome', { load: () => import('./carryRoll') }),
  t('rateOption', '利率期权', 'Rate Option', 'fixedIncome', { load: () => import('./rateOption') }),
  t('rateOptionMain', '利率期权(主)', 'Rate Option (Main)', 'fixedIncome', { audience: 'internal', load: () => import('./rateOptionMain') }),
  t('irsMarketMaking', '利率期权做市', 'Rate Option Market Making', 'fixedIncome', { audience: 'internal', load: () => import('./irsMarketMaking') }),
  t('curveConstruction', '曲线构建', 'Curve Construction', 'fixedIncome', { load: () => import('./curveConstruction') }),
  t('bondOption', '债券计算器', 'Bond Calculator', 'fixedIncome', { load: () => import('./bondOption') }),
  t('bondSpread', '现券利差', 'Cash Bond Spread', 'fixedIncome', { load: () => import('./bondSpread') }),
  t('bondFutures', '国债期货', 'Treasury Futures', 'fixedIncome', { load: () => import('./bondFutures') }),
  t('ridingStrategy', '骑乘策略', 'Riding Strategy', 'fixedIncome', { load: () => import('./ridingStrategy') }),
  t('couponComparison', '单券比较', 'Single Bond Comparison', 'fixedIncome', { load: () => import('./couponComparison') }),
  t('riskAnalysis', '单券风险', 'Single Bond Risk', 'fixedIncome', { load: () => import('./riskAnalysis') }),
  t('creditSpread', '利差曲线', 'Spread Curve', 'fixedIncome', { load: () => import('./creditSpread') }),
  t('assetTrial', '资产配置试算', 'Asset Allocation Trial', 'fixedIncome'),
  t('groupSetting', '组合参数配置', 'Portfolio Parameters', 'fixedIncome'),
  t('groupAnalysis', '组合分析', 'Portfolio Analysis', 'fixedIncome'),
  t('groupReportForm', '组合总览', 'Portfolio Overview', 'fixedIncome'),
  // System
  t('support', '系统帮助', 'System Help', 'system'),
  t('nodebb', '论坛', 'Forum', 'system'),
  t('test', '测试', 'Test', 'system', { audience: 'internal', load: () => import('./test-tool') }),
  // Account panels (user menu; extra home children, documented in src/app/README.md)
  t('userSettings', '用户设置', 'User Settings', 'account'),
  t('license', '授权许可', 'License', 'account'),
  t('trial', '免费试用', 'Free Trial', 'account'),
  t('referral', '分享有礼', 'Share & Gift', 'account'),
];

const BY_NAME = new Map(TOOLS.map((e) => [e.name, e]));

export const DEFAULT_TOOL = 'optionCalculator';

export function findTool(name: string): ToolEntry | undefined {
  return BY_NAME.get(name);
}

export function isHomeChild(name: string): boolean {
  return BY_NAME.has(name);
}

export function toolLabel(name: string, lang: string): string {
  const entry = BY_NAME.get(name);
  if (!entry) return name;
  return lang === 'en' ? entry.label.en : entry.label.zh;
}
