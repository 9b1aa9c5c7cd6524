// Diagnostics of the payoff language: a stable code (what a screen maps to its zh/en text),
// the position (text line/column or JSON path + column), and the parameters of the message.
// `messages` gives the zh and en wording for every code, so a screen can show them directly.
import type { Loc } from './ast';

export const DIAGNOSTIC_CODES = [
  // syntax (text form) and structure (JSON form)
  'UNEXPECTED_CHARACTER',
  'UNEXPECTED_TOKEN',
  'UNTERMINATED_STRING',
  'INVALID_DATE',
  'CHAINED_COMPARISON',
  'JSON_SCHEMA',
  // SPEC messages
  'PACKAGE_NAME_INVALID',
  'PACKAGE_NAME_EXISTS',
  'DATE_DUPLICATES_BUILTIN',
  'TERM_ERROR',
  // names and types
  'LANGUAGE_VERSION_UNSUPPORTED',
  'PACKAGE_VERSION_INVALID',
  'DUPLICATE_NAME',
  'DUPLICATE_STATEMENT',
  'MISSING_STATEMENT',
  'RESERVED_NAME',
  'UNKNOWN_NAME',
  'UNKNOWN_FUNCTION',
  'WRONG_ARITY',
  'TYPE_MISMATCH',
  'NOT_ALLOWED_HERE',
  'CYCLIC_DEFINITION',
  'MISSING_MATURITY',
  'UNDERLYING_INVALID',
  'CURRENCY_REQUIRED',
  'BASIS_UNKNOWN',
  'CONVENTION_UNKNOWN',
  'CALENDAR_UNKNOWN',
  'TEMPLATE_UNKNOWN',
  'SET_UNKNOWN_VAR',
  'RULE_WITHOUT_ACTION',
  'NO_PAYMENT',
  'SCHEDULE_COUNT_NEEDS_YEARS',
  'DATE_LITERAL_IN_YEARS',
  'NUMBER_AS_DATE',
  // continuous monitoring
  'CONTINUOUS_CONDITION',
  'CONTINUOUS_PAY_DATE',
  'CONTINUOUS_ACTION',
  'CONTINUOUS_SIDES',
  // resolution against dates, calendars, fixings
  'DATES_NOT_ORDERED',
  'SCHEDULE_EMPTY',
  'SCHEDULE_NOT_INCREASING',
  'SCHEDULE_OUTSIDE_PRODUCT',
  'VALUATION_DATE_REQUIRED',
  'FIXING_MISSING',
  'FIXING_IN_FUTURE',
  'FIXING_INVALID',
  'PAYMENT_BEFORE_OBSERVATION',
  'CONSTRAINT_VIOLATED',
  'NOT_FINITE',
  'PARAM_UNKNOWN',
  'LEVEL_ALREADY_BREACHED',
] as const;

export type DiagnosticCode = (typeof DIAGNOSTIC_CODES)[number];

export interface Diagnostic {
  code: DiagnosticCode;
  severity: 'error' | 'warning';
  /** English text (for logs and the CLI); screens use `code` + `params` with `messages`. */
  message: string;
  params: Record<string, string | number>;
  line?: number;
  column?: number;
  path?: string;
}

type Catalogue = Record<DiagnosticCode, string>;

export const messages: { en: Catalogue; zh: Catalogue } = {
  en: {
    UNEXPECTED_CHARACTER: 'unexpected character "{char}"',
    UNEXPECTED_TOKEN: 'expected {expected}, found {found}',
    UNTERMINATED_STRING: 'unterminated string',
    INVALID_DATE: 'invalid date {text}',
    CHAINED_COMPARISON: 'comparisons cannot be chained; use "and"',
    JSON_SCHEMA: 'invalid field: {detail}',
    PACKAGE_NAME_INVALID: 'package name must be letters only',
    PACKAGE_NAME_EXISTS: 'Package name exists',
    DATE_DUPLICATES_BUILTIN: 'date definition duplicates built-in date ({name})',
    TERM_ERROR: 'term error: {text}',
    LANGUAGE_VERSION_UNSUPPORTED: 'language version {version} is not supported (this reader knows {supported})',
    PACKAGE_VERSION_INVALID: 'package version must be a whole number >= 1',
    DUPLICATE_NAME: '"{name}" is defined twice',
    DUPLICATE_STATEMENT: '"{statement}" is given twice',
    MISSING_STATEMENT: '"{statement}" is missing',
    RESERVED_NAME: '"{name}" is a reserved word',
    UNKNOWN_NAME: 'unknown name "{name}"',
    UNKNOWN_FUNCTION: 'unknown function "{name}"',
    WRONG_ARITY: '{name} takes {expected} argument(s), got {got}',
    TYPE_MISMATCH: 'expected {expected}, found {found}',
    NOT_ALLOWED_HERE: '"{name}" cannot be used in {context}',
    CYCLIC_DEFINITION: '"{name}" is defined in terms of itself',
    MISSING_MATURITY: 'the maturity date is missing',
    UNDERLYING_INVALID: 'invalid underlying {code}',
    CURRENCY_REQUIRED: 'give the payment currency for a commodity underlying',
    BASIS_UNKNOWN: 'unknown day-count basis {basis}',
    CONVENTION_UNKNOWN: 'unknown business-day convention {convention}',
    CALENDAR_UNKNOWN: 'unknown calendar {calendar}',
    TEMPLATE_UNKNOWN: 'unknown template {name}',
    SET_UNKNOWN_VAR: '"{name}" is not a variable (declare it with var)',
    RULE_WITHOUT_ACTION: 'a rule needs at least one action',
    NO_PAYMENT: 'the product pays nothing',
    SCHEDULE_COUNT_NEEDS_YEARS: '"count" schedules need the years timeline',
    DATE_LITERAL_IN_YEARS: 'calendar dates cannot be used on the years timeline',
    NUMBER_AS_DATE: 'a number is a date only on the years timeline',
    CONTINUOUS_CONDITION: 'a continuously monitored rule needs "when spot >= level" or "when spot <= level" with a fixed level',
    CONTINUOUS_PAY_DATE: 'a payment of a continuously monitored rule needs "at <date>"',
    CONTINUOUS_ACTION: 'a continuously monitored rule may only knock out, pay, or set a variable to a constant',
    CONTINUOUS_SIDES: 'continuously monitored levels must all be on one side (all up or all down)',
    DATES_NOT_ORDERED: '{first} ({firstDate}) must be before {second} ({secondDate})',
    SCHEDULE_EMPTY: 'schedule {name} has no dates',
    SCHEDULE_NOT_INCREASING: 'schedule {name}: dates must be strictly increasing',
    SCHEDULE_OUTSIDE_PRODUCT: 'schedule {name}: {date} is outside the product (trade to maturity)',
    VALUATION_DATE_REQUIRED: 'a valuation date is required',
    FIXING_MISSING: 'no stored fixing for {date}',
    FIXING_IN_FUTURE: 'fixing({date}) is after the observation it is used in',
    FIXING_INVALID: 'the stored fixing for {date} is not a positive number',
    PAYMENT_BEFORE_OBSERVATION: 'a payment date ({date}) is before its observation',
    CONSTRAINT_VIOLATED: 'constraint not met: {constraint}',
    NOT_FINITE: '{name} does not evaluate to a finite number',
    PARAM_UNKNOWN: 'no param named {name}',
    LEVEL_ALREADY_BREACHED: 'the level of this rule is already reached at the start',
  },
  zh: {
    UNEXPECTED_CHARACTER: '无法识别的字符“{char}”',
    UNEXPECTED_TOKEN: '此处应为{expected}，实际为{found}',
    UNTERMINATED_STRING: '字符串缺少结束引号',
    INVALID_DATE: '日期无效：{text}',
    CHAINED_COMPARISON: '比较不能连写，请用“and”连接',
    JSON_SCHEMA: '字段无效：{detail}',
    PACKAGE_NAME_INVALID: '包名只能由字母组成',
    PACKAGE_NAME_EXISTS: '包名已存在',
    DATE_DUPLICATES_BUILTIN: '日期定义与内置日期重复（{name}）',
    TERM_ERROR: '期限错误：{text}',
    LANGUAGE_VERSION_UNSUPPORTED: '不支持语言版本 {version}（当前支持 {supported}）',
    PACKAGE_VERSION_INVALID: '包版本必须为不小于 1 的整数',
    DUPLICATE_NAME: '“{name}”重复定义',
    DUPLICATE_STATEMENT: '“{statement}”重复给出',
    MISSING_STATEMENT: '缺少“{statement}”',
    RESERVED_NAME: '“{name}”是保留字',
    UNKNOWN_NAME: '未定义的名称“{name}”',
    UNKNOWN_FUNCTION: '未知函数“{name}”',
    WRONG_ARITY: '{name} 需要 {expected} 个参数，实际 {got} 个',
    TYPE_MISMATCH: '此处应为{expected}，实际为{found}',
    NOT_ALLOWED_HERE: '“{name}”不能用于{context}',
    CYCLIC_DEFINITION: '“{name}”的定义引用了自身',
    MISSING_MATURITY: '缺少到期日',
    UNDERLYING_INVALID: '标的无效：{code}',
    CURRENCY_REQUIRED: '商品标的须指定支付货币',
    BASIS_UNKNOWN: '未知的计息基准 {basis}',
    CONVENTION_UNKNOWN: '未知的工作日调整规则 {convention}',
    CALENDAR_UNKNOWN: '未知的日历 {calendar}',
    TEMPLATE_UNKNOWN: '未知的模板 {name}',
    SET_UNKNOWN_VAR: '“{name}”不是变量（请先用 var 声明）',
    RULE_WITHOUT_ACTION: '规则至少需要一个动作',
    NO_PAYMENT: '该产品没有任何支付',
    SCHEDULE_COUNT_NEEDS_YEARS: '“count”日程只能用于年限时间轴',
    DATE_LITERAL_IN_YEARS: '年限时间轴上不能使用日历日期',
    NUMBER_AS_DATE: '只有在年限时间轴上数字才能作为日期',
    CONTINUOUS_CONDITION: '连续观察的规则须写作“when spot >= 水平”或“when spot <= 水平”，且水平固定',
    CONTINUOUS_PAY_DATE: '连续观察规则的支付须写明“at 日期”',
    CONTINUOUS_ACTION: '连续观察的规则只能敲出、支付或将变量设为常数',
    CONTINUOUS_SIDES: '连续观察的水平须在同一侧（全部向上或全部向下）',
    DATES_NOT_ORDERED: '{first}（{firstDate}）须早于{second}（{secondDate}）',
    SCHEDULE_EMPTY: '日程 {name} 没有日期',
    SCHEDULE_NOT_INCREASING: '日程 {name}：日期须严格递增',
    SCHEDULE_OUTSIDE_PRODUCT: '日程 {name}：{date} 不在产品期限内（交易日至到期日）',
    VALUATION_DATE_REQUIRED: '需要估值日',
    FIXING_MISSING: '缺少 {date} 的定盘价',
    FIXING_IN_FUTURE: 'fixing({date}) 晚于使用它的观察日',
    FIXING_INVALID: '{date} 的定盘价不是正数',
    PAYMENT_BEFORE_OBSERVATION: '支付日（{date}）早于其观察日',
    CONSTRAINT_VIOLATED: '约束不满足：{constraint}',
    NOT_FINITE: '{name} 的计算结果不是有限数',
    PARAM_UNKNOWN: '没有名为 {name} 的参数',
    LEVEL_ALREADY_BREACHED: '该规则的水平在起始时已触及',
  },
};

/** Formats a message in one language with its parameters. */
export function formatDiagnostic(d: Pick<Diagnostic, 'code' | 'params'>, lang: 'en' | 'zh' = 'en'): string {
  return messages[lang][d.code].replace(/\{(\w+)\}/g, (_, k: string) => String(d.params[k] ?? ''));
}

export function diag(code: DiagnosticCode, loc: Loc | undefined, params: Record<string, string | number> = {}, severity: 'error' | 'warning' = 'error'): Diagnostic {
  const d: Diagnostic = { code, severity, message: '', params };
  if (loc?.line !== undefined) d.line = loc.line;
  if (loc?.column !== undefined) d.column = loc.column;
  if (loc?.path !== undefined) d.path = loc.path;
  d.message = formatDiagnostic(d);
  return d;
}

/** "line 3, column 7: ..." or "/rules/0/when, column 4: ..." */
export function describeDiagnostic(d: Diagnostic): string {
  const where = d.path !== undefined
    ? `${d.path}${d.column !== undefined ? `, column ${d.column}` : ''}`
    : d.line !== undefined ? `line ${d.line}, column ${d.column ?? 1}` : '';
  return where ? `${where}: ${d.message}` : d.message;
}

/** Thrown where a caller wants an exception rather than a diagnostics list. */
export class StructuredLanguageError extends Error {
  constructor(readonly diagnostics: Diagnostic[]) {
    super(diagnostics.filter((d) => d.severity === 'error').map(describeDiagnostic).join('; ') || 'invalid package');
  }
}

export const hasErrors = (ds: readonly Diagnostic[]): boolean => ds.some((d) => d.severity === 'error');
