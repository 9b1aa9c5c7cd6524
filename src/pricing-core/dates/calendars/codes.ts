// The calendars the core offers, by currency code.

/** Every calendar, in the order screens list them. */
export const CALENDAR_CODES = ['CNY', 'USD', 'EUR', 'GBP', 'JPY', 'HKD', 'CAD', 'AUD', 'CHF', 'SGD'] as const;
export type CalendarCode = (typeof CALENDAR_CODES)[number];

/** Calendars computed from rules (any year in their range may be answered). */
export const RULE_CALENDAR_CODES = ['USD', 'EUR', 'GBP', 'JPY', 'CAD', 'AUD', 'CHF'] as const;
export type RuleCalendarCode = (typeof RULE_CALENDAR_CODES)[number];

/**
 * Calendars whose holidays are decreed year by year (State Council notices, the Hong Kong
 * gazette, Singapore's Ministry of Manpower): a year with no official notice held is refused.
 */
export const DECREED_CALENDAR_CODES = ['CNY', 'HKD', 'SGD'] as const;
export type DecreedCalendarCode = (typeof DECREED_CALENDAR_CODES)[number];

/** Names of the calendars for screens. */
export const CALENDAR_NAMES: Record<CalendarCode, { en: string; zh: string }> = {
  CNY: { en: 'China inter-bank market (CFETS)', zh: '中国银行间市场（外汇交易中心）' },
  USD: { en: 'United States (Federal Reserve)', zh: '美国（美联储）' },
  EUR: { en: 'Euro (TARGET2)', zh: '欧元区（TARGET2）' },
  GBP: { en: 'United Kingdom (England and Wales)', zh: '英国（英格兰及威尔士）' },
  JPY: { en: 'Japan', zh: '日本' },
  HKD: { en: 'Hong Kong', zh: '香港' },
  CAD: { en: 'Canada (settlement)', zh: '加拿大（结算）' },
  AUD: { en: 'Australia (settlement, Sydney)', zh: '澳大利亚（结算，悉尼）' },
  CHF: { en: 'Switzerland (Zurich)', zh: '瑞士（苏黎世）' },
  SGD: { en: 'Singapore', zh: '新加坡' },
};

export function isCalendarCode(s: unknown): s is CalendarCode {
  return typeof s === 'string' && (CALENDAR_CODES as readonly string[]).includes(s);
}

export function isDecreed(code: CalendarCode): code is DecreedCalendarCode {
  return (DECREED_CALENDAR_CODES as readonly string[]).includes(code);
}
