// A row of a structured book (bulk valuation, bulk pricing) to a package: the product is a
// template (by key or its zh/en title) or one of the user's saved packages (by name), with
// the row's underlying, dates and param values put in. Pure; the messages are codes the
// screens word in zh and en.
import { type PackageAst, TEMPLATE_NAMES, type TemplateName, type UnderlyingKind } from '../../pricing-core/instruments/structured/ast';
import { StructuredLanguageError, formatDiagnostic } from '../../pricing-core/instruments/structured/diagnostics';
import { levelsFor, templatePackage, templateTitles, withParams } from '../../pricing-core/instruments/structured/templates';
import { applyEdit } from './package-text';
import { printPackage } from '../../pricing-core/instruments/structured/printer';
import { parsePackageText } from '../../pricing-core/instruments/structured/parser';

export type BookProblem =
  | { code: 'productUnknown'; product: string }
  | { code: 'underlyingInvalid'; text: string }
  | { code: 'paramsSyntax'; text: string }
  | { code: 'paramUnknown'; name: string; known: string }
  | { code: 'dateInvalid'; text: string }
  | { code: 'package'; zh: string; en: string };

export class BookError extends Error {
  constructor(readonly problem: BookProblem) {
    super(problem.code);
  }
}

const norm = (s: string) => s.normalize('NFKC').trim().toLowerCase().replace(/[\s\-_()（）]/g, '');

/** A template key from its key or its title in either language ("Snowball", "雪球"). */
export function templateOf(text: string): TemplateName | null {
  const n = norm(text);
  for (const t of TEMPLATE_NAMES) {
    if (norm(t) === n || norm(templateTitles.en[t]) === n || norm(templateTitles.zh[t]) === n) return t;
  }
  return null;
}

/** `USDCNY`, `USD/CNY`, `fx EURUSD`, `gold AU`, `AU`, `commodity SC2506`, `SC2506`. */
export function parseUnderlying(text: string): { kind: UnderlyingKind; code: string; currency?: string } | null {
  const t = text.trim().toUpperCase().replace('/', '');
  const m = /^(?:(FX|GOLD|COMMODITY)\s+)?([A-Z]+\d*)$/.exec(t);
  if (!m) return null;
  const code = m[2];
  const kind = (m[1]?.toLowerCase() as UnderlyingKind | undefined) ?? (/^[A-Z]{6}$/.test(code) && !code.startsWith('XAU') ? 'fx' : code === 'AU' || code.startsWith('AU') || code.startsWith('XAU') ? 'gold' : 'commodity');
  if (kind === 'fx') return /^[A-Z]{6}$/.test(code) ? { kind, code } : null;
  // Gold and commodity futures here are the Chinese exchanges' contracts, in CNY (XAUUSD: USD).
  return { kind, code, currency: code.startsWith('XAU') ? undefined : 'CNY' };
}

/** `coupon=15%; koStart=103%` (or commas, or new lines) -> { coupon: 0.15, koStart: 1.03 }. */
export function parseParams(text: string | null | undefined): Record<string, number> {
  const out: Record<string, number> = {};
  const s = (text ?? '').trim();
  if (!s) return out;
  for (const part of s.split(/[;,\n；，]+/)) {
    const p = part.trim();
    if (!p) continue;
    const m = /^([A-Za-z][A-Za-z0-9_]*)\s*[=:：]\s*(-?\d+(?:\.\d+)?(?:[eE][-+]?\d+)?)\s*(%)?$/.exec(p);
    if (!m) throw new BookError({ code: 'paramsSyntax', text: p });
    out[m[1]] = m[3] ? Number(m[2]) / 100 : Number(m[2]);
  }
  return out;
}

/** Params as a cell shows them (percent where the template writes percent). */
export function formatParams(values: Record<string, number>, percent: ReadonlySet<string> = new Set()): string {
  return Object.entries(values)
    .map(([k, v]) => `${k}=${percent.has(k) ? `${Number((v * 100).toPrecision(12))}%` : Number(v.toPrecision(12))}`)
    .join('; ');
}

export interface BookProductInput {
  product: string;
  underlying: string;
  trade: string;
  /** ISO date or a tenor from start (`1Y`, `6M`). */
  maturity: string;
  params?: string | null;
}

const ISO = /^\d{4}-\d{2}-\d{2}$/;
const TENOR = /^[1-9]\d{0,2}[DWMY]$/i;

/**
 * The package of a book row. Saved packages (`saved`, by name, case ignored) keep their own
 * rules and get the row's underlying, dates and params; templates are made with them.
 */
export function packageForRow(row: BookProductInput, saved: ReadonlyMap<string, PackageAst> = new Map()): PackageAst {
  const u = parseUnderlying(row.underlying);
  if (!u) throw new BookError({ code: 'underlyingInvalid', text: row.underlying });
  if (!ISO.test(row.trade.trim())) throw new BookError({ code: 'dateInvalid', text: row.trade });
  const mat = row.maturity.trim();
  const maturity = ISO.test(mat) ? mat : TENOR.test(mat) ? `start + ${mat.toUpperCase()}` : null;
  if (!maturity) throw new BookError({ code: 'dateInvalid', text: row.maturity });
  const params = parseParams(row.params);
  const t = templateOf(row.product);
  let ast: PackageAst;
  try {
    if (t) {
      ast = templatePackage(t, { underlying: { kind: u.kind, code: u.code }, currency: u.currency, trade: row.trade.trim(), maturity, levels: levelsFor(u.kind) });
    } else {
      const own = saved.get(row.product.trim().toLowerCase());
      if (!own) throw new BookError({ code: 'productUnknown', product: row.product });
      ast = rebase(own, u, row.trade.trim(), maturity);
    }
  } catch (e) {
    if (e instanceof StructuredLanguageError) throw packageProblem(e);
    throw e;
  }
  const known = new Set(ast.params.map((p) => p.name));
  for (const k of Object.keys(params)) if (!known.has(k)) throw new BookError({ code: 'paramUnknown', name: k, known: [...known].join(', ') });
  return Object.keys(params).length ? withParams(ast, params) : ast;
}

/** A saved package with the row's underlying and dates: edited through its text, then parsed. */
function rebase(ast: PackageAst, u: { kind: UnderlyingKind; code: string; currency?: string }, trade: string, maturity: string): PackageAst {
  let src = printPackage(ast);
  let cur = parsePackageText(src).ast;
  const step = (edit: Parameters<typeof applyEdit>[2]) => {
    const r = applyEdit(src, cur, edit);
    if ('error' in r) throw new StructuredLanguageError([r.error]);
    src = r.src;
    const p = parsePackageText(src);
    if (p.diagnostics.some((d) => d.severity === 'error')) throw new StructuredLanguageError(p.diagnostics);
    cur = p.ast;
  };
  step({ kind: 'underlying', underlying: u.kind, code: u.code });
  step({ kind: 'date', name: 'trade', text: trade });
  step({ kind: 'date', name: 'maturity', text: maturity });
  if (u.currency && !cur.currency) cur = { ...cur, currency: u.currency };
  return cur;
}

export function packageProblem(e: StructuredLanguageError): BookError {
  const d = e.diagnostics.find((x) => x.severity === 'error') ?? e.diagnostics[0];
  return new BookError({ code: 'package', zh: d ? formatDiagnostic(d, 'zh') : e.message, en: d ? formatDiagnostic(d, 'en') : e.message });
}

/** Params of a package written as percent (`103%`), to show them as percent in a cell. */
export function percentParams(ast: PackageAst): Set<string> {
  return new Set(ast.params.filter((p) => p.value.kind === 'num' && p.value.percent).map((p) => p.name));
}
