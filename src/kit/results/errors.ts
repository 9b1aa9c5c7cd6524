// One place that turns whatever a computation throws (a model's error, a server reply code,
// a socket timeout, a PRICING-CLI `{ error }` line) into one message in the user's language,
// with the SPEC wording where SPEC has one. Pure; `ToolError` renders it.

export type ToolErrorCode =
  | 'inverseFailed' | 'calculationFailed' | 'badInput' | 'timeout' | 'offline' | 'busy' | 'session' | 'server'
  | 'exportFailed' | 'importFailed';

export type Words = { zh: string; en: string };

/** One bad input: the field's name and what is wrong, both in both languages. */
export interface InputProblem {
  field: Words;
  problem: Words;
}

/** A failure a tool raises on purpose: a code, optional technical detail, or its own words. */
export class ToolFailure extends Error {
  constructor(
    readonly code: ToolErrorCode,
    readonly detail?: string,
    /** The tool's own message in both languages (wins over the code's). */
    readonly words?: Words,
    /** Every bad input at once (shown as a list under the message). */
    readonly problems?: readonly InputProblem[],
  ) {
    super(problems?.length ? problems.map((p) => `${p.field.en}: ${p.problem.en}`).join('; ') : words?.en ?? detail ?? code);
    this.name = 'ToolFailure';
  }
}

/** What is wrong with an input, said the same way on every screen. */
export const PROBLEM = {
  missing: { zh: '未填写', en: 'missing' },
  notANumber: { zh: '不是数字', en: 'not a number' },
  notADate: { zh: '不是有效日期', en: 'not a valid date' },
  positive: { zh: '须大于零', en: 'must be greater than zero' },
  beforeTrade: { zh: '早于交易日', en: 'before the trade date' },
} as const satisfies Record<string, Words>;

/**
 * Collects a model's input checks so that every bad field is reported at once (not the first
 * one only): `const c = new InputCheck(); c.add(tenor, PROBLEM.missing); ...; c.done();`.
 */
export class InputCheck {
  readonly problems: InputProblem[] = [];
  add(field: Words, problem: Words): this {
    this.problems.push({ field, problem });
    return this;
  }
  /** Throws the collected problems as one bad-input failure. */
  done(): void {
    if (this.problems.length) throw new ToolFailure('badInput', undefined, undefined, this.problems);
  }
}

export interface DescribedError {
  code: ToolErrorCode;
  /** Technical detail (often English from the server), shown small under the message. */
  detail?: string;
  words?: Words;
  problems?: readonly InputProblem[];
}

/** A bare identifier ("tenor", "spot", "rates") is a program's name for a field, never shown. */
const INTERNAL = /^[A-Za-z_][\w.]*$/;

/** Detail worth showing under a message: not an internal name, not the tool's own words' twin. */
export function visibleDetail(d: DescribedError): string | undefined {
  if (!d.detail || INTERNAL.test(d.detail.trim())) return undefined;
  // A tool that says what is wrong in its own words (or field by field) needs no technical echo.
  if (d.code === 'badInput' && (d.words || d.problems?.length)) return undefined;
  return d.detail;
}

const SOLVER = /inverse result cannot be obtained|did not converge|no solution|not bracketed|cannot (be )?solved?|no root|反推结果无法获得/i;
const CALC = /calculation fail|计算失败/i;

function fromMessage(msg: string): DescribedError {
  if (SOLVER.test(msg)) return { code: 'inverseFailed', detail: msg };
  if (CALC.test(msg)) return { code: 'calculationFailed' };
  return { code: 'calculationFailed', detail: msg || undefined };
}

/** Classifies anything thrown or replied. */
export function describeError(e: unknown): DescribedError {
  if (e instanceof ToolFailure) return { code: e.code, detail: e.detail, words: e.words, ...(e.problems?.length ? { problems: e.problems } : {}) };
  if (typeof e === 'string') return fromMessage(e);
  if (e && typeof e === 'object') {
    const o = e as { code?: unknown; Code?: unknown; message?: unknown; msg?: unknown; error?: unknown; name?: unknown };
    const code = String(o.code ?? o.Code ?? '');
    const msg = String(o.message ?? o.msg ?? o.error ?? '');
    if (code === 'timeout' || (/timeout|timed out/i.test(msg) && (code === '9999' || code === ''))) return { code: 'timeout', detail: msg || undefined };
    if (code === 'offline' || code === 'closed' || code === 'disconnected') return { code: 'offline' };
    if (code === '4029') return { code: 'busy' };
    if (code === '1009') return { code: 'session' };
    if (code === '9999') return { code: 'server', detail: msg || undefined };
    if (code === '2001' || code === '1002' || o.name === 'RangeError') {
      const m = fromMessage(msg);
      return m.code === 'inverseFailed' ? m : { code: 'badInput', detail: msg || undefined };
    }
    if (o.name === 'AbortError') return { code: 'calculationFailed' };
    return fromMessage(msg);
  }
  return { code: 'calculationFailed' };
}

/** True for the error a superseded computation ends with (not shown). */
export const isAbort = (e: unknown): boolean => !!e && typeof e === 'object' && (e as { name?: string }).name === 'AbortError';
