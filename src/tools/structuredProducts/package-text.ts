// The editor's two views of one package, kept in sync through the AST. The text (or JSON)
// the user edits is the source of truth; it is parsed and validated as it changes. A form
// edit (a param, a level, a built-in date, the underlying, the name) rewrites only the line
// of that statement, found through the AST's source locations, so the rest of the text, its
// comments and its layout stay as the user wrote them; the new text is then parsed again.
// JSON packages are edited through the AST and printed back as JSON. Pure.
import { type Expr, type PackageAst, type UnderlyingKind } from '../../pricing-core/instruments/structured/ast';
import { type Diagnostic, diag, hasErrors } from '../../pricing-core/instruments/structured/diagnostics';
import { parsePackageJson, toPackageJson } from '../../pricing-core/instruments/structured/json-form';
import { parseFragment, parsePackageText } from '../../pricing-core/instruments/structured/parser';
import { printExpr, printPackage } from '../../pricing-core/instruments/structured/printer';
import { validatePackage } from '../../pricing-core/instruments/structured/validate';

export type SourceForm = 'text' | 'json';

export interface Analysis {
  form: SourceForm;
  /** The AST when the source parses (validation errors may remain). */
  ast: PackageAst | null;
  /** Every diagnostic, syntax then validation, in source order. */
  diagnostics: Diagnostic[];
  /** No errors: the package can be resolved and priced. */
  ok: boolean;
}

export const isJsonSource = (src: string): boolean => src.trimStart().startsWith('{');

/** Parses and validates the editor's source. `existingNames`: the user's other packages ("Package name exists"). */
export function analyse(src: string, existingNames: Iterable<string> = []): Analysis {
  const form: SourceForm = isJsonSource(src) ? 'json' : 'text';
  let parsed: { ast: PackageAst; diagnostics: Diagnostic[] };
  if (form === 'json') {
    let doc: unknown;
    try {
      doc = JSON.parse(src);
    } catch (e) {
      const m = /position (\d+)/.exec(String((e as Error).message));
      const pos = m ? Number(m[1]) : 0;
      const before = src.slice(0, pos).split('\n');
      const d = diag('JSON_SCHEMA', { line: before.length, column: before[before.length - 1].length + 1 }, { path: '', detail: 'not valid JSON' });
      return { form, ast: null, diagnostics: [d], ok: false };
    }
    parsed = parsePackageJson(doc);
  } else parsed = parsePackageText(src);
  if (hasErrors(parsed.diagnostics)) return { form, ast: null, diagnostics: sortDiagnostics(parsed.diagnostics), ok: false };
  const all = sortDiagnostics([...parsed.diagnostics, ...validatePackage(parsed.ast, { existingNames })]);
  return { form, ast: parsed.ast, diagnostics: all, ok: !hasErrors(all) };
}

function sortDiagnostics(ds: Diagnostic[]): Diagnostic[] {
  return [...ds].sort((a, b) => (a.line ?? 1e9) - (b.line ?? 1e9) || (a.column ?? 0) - (b.column ?? 0));
}

/** Offset in `src` of a 1-based line and column (for moving the cursor to a diagnostic). */
export function offsetOf(src: string, line: number, column = 1): number {
  let off = 0;
  for (let l = 1; l < line; l++) {
    const nl = src.indexOf('\n', off);
    if (nl < 0) return src.length;
    off = nl + 1;
  }
  const end = src.indexOf('\n', off);
  return Math.min(off + Math.max(0, column - 1), end < 0 ? src.length : end);
}

/** Where a `#` comment starts on a line (outside a quoted title), or -1. */
function commentStart(line: string): number {
  let quoted = false;
  for (let i = 0; i < line.length; i++) {
    if (line[i] === '"') quoted = !quoted;
    else if (line[i] === '#' && !quoted) return i;
  }
  return -1;
}

/** Replaces the statement on `line` (1-based) by `content`, keeping its trailing comment. */
export function replaceStatement(src: string, line: number, content: string): string {
  const lines = src.split('\n');
  const old = lines[line - 1] ?? '';
  const c = commentStart(old);
  const comment = c >= 0 ? old.slice(c) : '';
  const pad = comment ? ' '.repeat(Math.max(1, old.slice(0, c).length - content.length)) : '';
  lines[line - 1] = comment ? `${content}${pad}${comment}` : content;
  return lines.join('\n');
}

function insertAfter(src: string, line: number, content: string): string {
  const lines = src.split('\n');
  lines.splice(line, 0, content);
  return lines.join('\n');
}

/** An expression typed in a form field, checked on its own; the error is a diagnostic. */
export function parseExprText(text: string): { expr: Expr } | { error: Diagnostic } {
  const ds: Diagnostic[] = [];
  const e = parseFragment(text, '', ds, (p) => p.expr());
  if (!e || hasErrors(ds)) return { error: ds[0] ?? diag('UNEXPECTED_TOKEN', {}, { expected: 'an expression', found: 'nothing' }) };
  return { expr: e };
}

export type FormEdit =
  | { kind: 'param'; name: string; text: string }
  | { kind: 'level'; name: string; text: string }
  | { kind: 'date'; name: 'trade' | 'start' | 'maturity'; text: string }
  | { kind: 'underlying'; underlying: UnderlyingKind; code: string }
  | { kind: 'name'; name: string }
  | { kind: 'version'; version: number }
  | { kind: 'basis'; basis: string }
  | { kind: 'currency'; currency: string };

/**
 * Applies a form edit to the source: the statement's line is rewritten (text), or the AST
 * is changed and printed back (JSON). An expression that does not parse is refused with its
 * diagnostic and the source is unchanged.
 */
export function applyEdit(src: string, ast: PackageAst, edit: FormEdit): { src: string } | { error: Diagnostic } {
  let expr: Expr | undefined;
  if (edit.kind === 'param' || edit.kind === 'level' || edit.kind === 'date') {
    const r = parseExprText(edit.text.trim());
    if ('error' in r) return r;
    expr = r.expr;
  }
  if (isJsonSource(src)) return { src: `${JSON.stringify(toPackageJson(editAst(ast, edit, expr)), null, 2)}\n` };
  const locs = ast.locs ?? {};
  switch (edit.kind) {
    case 'param': {
      const p = ast.params.find((x) => x.name === edit.name);
      if (!p?.loc.line) return { error: diag('UNKNOWN_NAME', {}, { name: edit.name }) };
      return { src: replaceStatement(src, p.loc.line, `param ${p.name} = ${printExpr(expr!)}${p.solvable ? ' solvable' : ''}`) };
    }
    case 'level': {
      const l = ast.levels.find((x) => x.name === edit.name);
      if (!l?.loc.line) return { error: diag('UNKNOWN_NAME', {}, { name: edit.name }) };
      return { src: replaceStatement(src, l.loc.line, `level ${l.name} = ${printExpr(expr!)}`) };
    }
    case 'date': {
      const d = ast.dates.find((x) => x.name === edit.name && x.builtin);
      const stmt = `${edit.name} ${printExpr(expr!)}`;
      if (d?.loc.line) return { src: replaceStatement(src, d.loc.line, stmt) };
      // Not written yet (trade defaults to the valuation date): add it before start/maturity.
      const next = ast.dates.find((x) => x.builtin && x.loc.line)?.loc.line;
      if (next) return { src: insertAfter(src, next - 1, stmt) };
      const after = locs.timeline?.line ?? locs.underlying?.line ?? 2;
      return { src: insertAfter(src, after, stmt) };
    }
    case 'underlying':
      return { src: replaceStatement(src, locs.underlying?.line ?? 4, `underlying ${edit.underlying} ${edit.code.trim().toUpperCase()}`) };
    case 'name':
      return { src: replaceStatement(src, locs.package?.line ?? ast.loc.line ?? 2, `package ${edit.name.trim()} version ${ast.version}`) };
    case 'version':
      return { src: replaceStatement(src, locs.package?.line ?? ast.loc.line ?? 2, `package ${ast.name} version ${edit.version}`) };
    case 'basis':
      if (locs.basis?.line) return { src: replaceStatement(src, locs.basis.line, `basis ${edit.basis}`) };
      return { src: insertAfter(src, locs.underlying?.line ?? 4, `basis ${edit.basis}`) };
    case 'currency':
      if (locs.currency?.line) return { src: replaceStatement(src, locs.currency.line, `currency ${edit.currency.toUpperCase()}`) };
      return { src: insertAfter(src, locs.underlying?.line ?? 4, `currency ${edit.currency.toUpperCase()}`) };
  }
}

function editAst(ast: PackageAst, edit: FormEdit, expr: Expr | undefined): PackageAst {
  switch (edit.kind) {
    case 'param':
      return { ...ast, params: ast.params.map((p) => (p.name === edit.name ? { ...p, value: expr! } : p)) };
    case 'level':
      return { ...ast, levels: ast.levels.map((l) => (l.name === edit.name ? { ...l, value: expr! } : l)) };
    case 'date': {
      const has = ast.dates.some((d) => d.builtin && d.name === edit.name);
      const dates = has
        ? ast.dates.map((d) => (d.builtin && d.name === edit.name ? { ...d, value: expr! } : d))
        : [{ name: edit.name, value: expr!, builtin: true, loc: {} }, ...ast.dates];
      return { ...ast, dates };
    }
    case 'underlying':
      return { ...ast, underlying: { ...ast.underlying, kind: edit.underlying, code: edit.code.trim().toUpperCase() } };
    case 'name':
      return { ...ast, name: edit.name.trim() };
    case 'version':
      return { ...ast, version: edit.version };
    case 'basis':
      return { ...ast, basis: edit.basis };
    case 'currency':
      return { ...ast, currency: edit.currency.toUpperCase() };
  }
}

/** The other view of the same package (text <-> JSON), through the AST. */
export function convertSource(ast: PackageAst, to: SourceForm): string {
  return to === 'json' ? `${JSON.stringify(toPackageJson(ast), null, 2)}\n` : printPackage(ast);
}

/** What the form shows for a param or level: its expression as text (`103%`, `kiRatio * S0`). */
export function exprText(e: Expr): string {
  return printExpr(e);
}

/** A built-in date's expression as written, or '' when it is not written (trade = valuation date). */
export function dateText(ast: PackageAst, name: 'trade' | 'start' | 'maturity'): string {
  const d = ast.dates.find((x) => x.builtin && x.name === name);
  return d ? printExpr(d.value) : '';
}
