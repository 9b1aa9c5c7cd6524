// Recursive-descent parser of the payoff language's text syntax (grammar in
// docs/pricing-structured.md). One statement per line; a statement that fails to parse is
// reported with its line and column and skipped, so one pass lists every syntax error.
// The expression, date and action sub-grammars are also used for the strings of the JSON form.
import {
  type Action, type BinaryOp, BUILTIN_DATES, type Expr, LANGUAGE_VERSION, type Loc, type PackageAst,
  type Rule, type RuleTarget, type ScheduleSpec, type ScheduleStep, type Timeline, type UnderlyingKind,
} from './ast';
import { type Diagnostic, diag } from './diagnostics';
import { Lexer, type Token } from './lexer';

const NOT_VALUES = new Set(['at', 'then', 'else', 'when', 'from', 'to', 'and', 'or', 'skip', 'backward', 'solvable']);

/** Thrown inside the parser to abandon the current statement (already reported). */
class Abort extends Error {}

const describe = (t: Token): string =>
  t.kind === 'eof' ? 'end of text' : t.kind === 'newline' ? 'end of line' : t.kind === 'string' ? `"${t.text}"` : `"${t.text}"`;

export class Parser {
  readonly lx: Lexer;

  constructor(
    src: string,
    readonly diagnostics: Diagnostic[],
    locOf?: (line: number, column: number) => Loc,
  ) {
    this.lx = new Lexer(src, diagnostics, locOf);
  }

  loc(t: Token): Loc {
    return this.lx.locOf(t.line, t.column);
  }

  fail(t: Token, expected: string): never {
    // A bad token was already reported by the lexer.
    if (t.kind !== 'bad') this.diagnostics.push(diag('UNEXPECTED_TOKEN', this.loc(t), { expected, found: describe(t) }));
    throw new Abort();
  }

  isOp(text: string): boolean {
    const t = this.lx.peek();
    return t.kind === 'op' && t.text === text;
  }

  isWord(text: string): boolean {
    const t = this.lx.peek();
    return t.kind === 'ident' && t.text === text;
  }

  expectOp(text: string): Token {
    const t = this.lx.next();
    if (t.kind !== 'op' || t.text !== text) this.fail(t, `"${text}"`);
    return t;
  }

  expectWord(text: string): Token {
    const t = this.lx.next();
    if (t.kind !== 'ident' || t.text !== text) this.fail(t, `"${text}"`);
    return t;
  }

  ident(what = 'a name'): Token {
    const t = this.lx.next();
    if (t.kind !== 'ident') this.fail(t, what);
    return t;
  }

  integer(what = 'a whole number'): Token {
    const t = this.lx.next();
    if (t.kind !== 'num' || !Number.isInteger(t.value)) this.fail(t, what);
    return t;
  }

  skipNewlines(): void {
    while (this.lx.peek().kind === 'newline') this.lx.next();
  }

  endOfStatement(): void {
    const t = this.lx.peek();
    if (t.kind === 'newline' || t.kind === 'eof') return;
    this.fail(t, 'end of line');
  }

  // ---- expressions ----

  expr(): Expr {
    return this.orExpr();
  }

  private orExpr(): Expr {
    let left = this.andExpr();
    while (this.isWord('or') || this.isOp('or')) {
      const t = this.lx.next();
      this.skipNewlines();
      left = { kind: 'binary', op: 'or', left, right: this.andExpr(), loc: this.loc(t) };
    }
    return left;
  }

  private andExpr(): Expr {
    let left = this.notExpr();
    while (this.isWord('and') || this.isOp('and')) {
      const t = this.lx.next();
      this.skipNewlines();
      left = { kind: 'binary', op: 'and', left, right: this.notExpr(), loc: this.loc(t) };
    }
    return left;
  }

  private notExpr(): Expr {
    if (this.isWord('not')) {
      const t = this.lx.next();
      return { kind: 'unary', op: 'not', arg: this.notExpr(), loc: this.loc(t) };
    }
    return this.cmpExpr();
  }

  private cmpExpr(): Expr {
    const left = this.addExpr();
    const t = this.lx.peek();
    if (t.kind === 'op' && ['<', '<=', '>', '>=', '==', '!='].includes(t.text)) {
      this.lx.next();
      this.skipNewlines();
      const e: Expr = { kind: 'binary', op: t.text as BinaryOp, left, right: this.addExpr(), loc: this.loc(t) };
      const u = this.lx.peek();
      if (u.kind === 'op' && ['<', '<=', '>', '>=', '==', '!='].includes(u.text)) {
        this.diagnostics.push(diag('CHAINED_COMPARISON', this.loc(u)));
        throw new Abort();
      }
      return e;
    }
    return left;
  }

  private addExpr(): Expr {
    let left = this.mulExpr();
    for (;;) {
      const t = this.lx.peek();
      if (t.kind !== 'op' || (t.text !== '+' && t.text !== '-')) return left;
      this.lx.next();
      this.skipNewlines();
      left = { kind: 'binary', op: t.text, left, right: this.mulExpr(), loc: this.loc(t) };
    }
  }

  private mulExpr(): Expr {
    let left = this.unary();
    for (;;) {
      const t = this.lx.peek();
      if (t.kind !== 'op' || (t.text !== '*' && t.text !== '/')) return left;
      this.lx.next();
      this.skipNewlines();
      left = { kind: 'binary', op: t.text, left, right: this.unary(), loc: this.loc(t) };
    }
  }

  private unary(): Expr {
    const t = this.lx.peek();
    if (t.kind === 'op' && (t.text === '-' || t.text === '+')) {
      this.lx.next();
      const arg = this.unary();
      if (t.text === '+') return arg;
      // Fold a negative literal so "-0.5%" stays a number.
      if (arg.kind === 'num') return { ...arg, value: -arg.value, loc: this.loc(t) };
      return { kind: 'unary', op: '-', arg, loc: this.loc(t) };
    }
    return this.postfix();
  }

  private postfix(): Expr {
    let e = this.primary();
    while (this.isOp('[')) {
      const t = this.lx.next();
      const index = this.expr();
      this.expectOp(']');
      e = { kind: 'index', target: e, index, loc: this.loc(t) };
    }
    return e;
  }

  private primary(): Expr {
    const t = this.lx.next();
    const loc = this.loc(t);
    switch (t.kind) {
      case 'num':
        if (this.isOp('%')) {
          this.lx.next();
          return { kind: 'num', value: t.value! / 100, percent: true, loc };
        }
        return { kind: 'num', value: t.value!, loc };
      case 'date':
        return { kind: 'date', iso: t.text, loc };
      case 'tenor':
        return { kind: 'tenor', n: t.value!, unit: t.unit!, loc };
      case 'bad':
        // Already reported (term error, bad date): a placeholder keeps the parse going.
        return { kind: 'num', value: 0, loc };
      case 'ident': {
        if (t.text === 'if') {
          const cond = this.expr();
          this.skipNewlines();
          this.expectWord('then');
          this.skipNewlines();
          const then = this.expr();
          this.skipNewlines();
          this.expectWord('else');
          this.skipNewlines();
          return { kind: 'if', cond, then, else: this.expr(), loc };
        }
        if (this.isOp('(')) {
          this.lx.next();
          const args: Expr[] = [];
          if (!this.isOp(')')) {
            args.push(this.expr());
            while (this.isOp(',')) {
              this.lx.next();
              args.push(this.expr());
            }
          }
          this.expectOp(')');
          return { kind: 'call', fn: t.text, args, loc };
        }
        // Keywords that follow an expression are never values ("pay 1 + at maturity").
        if (NOT_VALUES.has(t.text)) return this.fail(t, 'a value');
        return { kind: 'ref', name: t.text, loc };
      }
      case 'op':
        if (t.text === '(') {
          const e = this.expr();
          this.expectOp(')');
          return e;
        }
        if (t.text === '[') {
          const items: Expr[] = [this.expr()];
          while (this.isOp(',')) {
            this.lx.next();
            items.push(this.expr());
          }
          this.expectOp(']');
          return { kind: 'list', items, loc };
        }
        return this.fail(t, 'a value');
      default:
        return this.fail(t, 'a value');
    }
  }

  // ---- actions, targets, schedules ----

  action(): Action {
    const t = this.ident('an action (knockOut, set, pay)');
    const loc = this.loc(t);
    switch (t.text) {
      case 'knockOut':
        return { kind: 'knockOut', loc };
      case 'set': {
        const name = this.ident('a variable name');
        this.expectOp('=');
        return { kind: 'set', name: name.text, value: this.expr(), loc };
      }
      case 'pay': {
        const amount = this.expr();
        if (this.isWord('at')) {
          this.lx.next();
          return { kind: 'pay', amount, at: this.expr(), loc };
        }
        return { kind: 'pay', amount, loc };
      }
      default:
        return this.fail(t, 'an action (knockOut, set, pay)');
    }
  }

  actions(): Action[] {
    const list = [this.action()];
    while (this.isOp(',')) {
      this.lx.next();
      this.skipNewlines();
      list.push(this.action());
    }
    return list;
  }

  target(): RuleTarget {
    const t = this.ident('a schedule, a date or "continuous"');
    if (t.text === 'continuous') {
      this.expectWord('from');
      const from = this.expr();
      this.expectWord('to');
      return { kind: 'continuous', from, to: this.expr(), loc: this.loc(t) };
    }
    return { kind: 'name', name: t.text, loc: this.loc(t) };
  }

  /** `on <target> [when <expr>]: <action>, ...` after the `on` keyword. */
  rule(onTok: Token): Rule {
    const on = this.target();
    let when: Expr | undefined;
    if (this.isWord('when')) {
      this.lx.next();
      when = this.expr();
    }
    this.skipNewlines();
    this.expectOp(':');
    this.skipNewlines();
    const actions = this.actions();
    return when ? { on, when, actions, loc: this.loc(onTok) } : { on, actions, loc: this.loc(onTok) };
  }

  schedule(): ScheduleSpec {
    if (this.isOp('[')) {
      this.lx.next();
      const items = [this.expr()];
      while (this.isOp(',')) {
        this.lx.next();
        items.push(this.expr());
      }
      this.expectOp(']');
      return { kind: 'list', items };
    }
    const t = this.ident('"daily", "every", "count" or a list of dates');
    let step: ScheduleStep;
    if (t.text === 'daily') step = { kind: 'daily' };
    else if (t.text === 'every') step = { kind: 'every', tenor: this.primary() };
    else if (t.text === 'count') step = { kind: 'count', n: this.integer('the number of dates').value! };
    else this.fail(t, '"daily", "every", "count" or a list of dates');
    this.expectWord('from');
    const from = this.expr();
    this.expectWord('to');
    const to = this.expr();
    const spec: ScheduleSpec = { kind: 'generated', step, from, to };
    for (;;) {
      if (this.isWord('skip')) {
        this.lx.next();
        spec.skip = this.integer('the number of dates to skip').value!;
      } else if (this.isWord('backward')) {
        this.lx.next();
        spec.backward = true;
      } else break;
    }
    return spec;
  }
}

/** A fresh package with the defaults a definition starts from. */
export function emptyPackage(): PackageAst {
  return {
    language: LANGUAGE_VERSION,
    name: '',
    version: 1,
    underlying: { kind: 'fx', code: '', loc: {} },
    basis: 'ACT/365F',
    timeline: 'dates',
    dates: [],
    schedules: [],
    params: [],
    levels: [],
    vars: [],
    constraints: [],
    rules: [],
    loc: {},
  };
}

export interface ParseResult {
  ast: PackageAst;
  diagnostics: Diagnostic[];
}

/** Parses the text form of a package. Errors carry line and column; the AST is best-effort when there are errors. */
export function parsePackageText(src: string): ParseResult {
  const diagnostics: Diagnostic[] = [];
  const p = new Parser(src, diagnostics);
  const ast = emptyPackage();
  const seen = new Set<string>();
  const once = (t: Token) => {
    if (seen.has(t.text)) diagnostics.push(diag('DUPLICATE_STATEMENT', p.loc(t), { statement: t.text }));
    seen.add(t.text);
    (ast.locs ??= {})[t.text] = p.loc(t);
  };
  for (;;) {
    p.skipNewlines();
    const t = p.lx.next();
    if (t.kind === 'eof') break;
    try {
      if (t.kind !== 'ident') p.fail(t, 'a statement');
      const loc = p.loc(t);
      switch (t.text) {
        case 'language': {
          once(t);
          ast.language = p.integer('the language version').value!;
          break;
        }
        case 'package': {
          once(t);
          const name = p.lx.next();
          if (name.kind !== 'ident') p.fail(name, 'the package name');
          ast.name = name.text;
          ast.loc = p.loc(name);
          if (p.isWord('version')) {
            p.lx.next();
            ast.version = p.integer('the package version').value!;
          }
          break;
        }
        case 'title': {
          once(t);
          const s = p.lx.next();
          if (s.kind !== 'string') p.fail(s, 'a quoted title');
          ast.title = s.text;
          break;
        }
        case 'template': {
          once(t);
          ast.template = p.ident('a template name').text;
          break;
        }
        case 'underlying': {
          once(t);
          const kind = p.ident('fx, gold or commodity');
          if (!['fx', 'gold', 'commodity'].includes(kind.text)) p.fail(kind, 'fx, gold or commodity');
          const code = p.ident('the underlying code');
          ast.underlying = { kind: kind.text as UnderlyingKind, code: code.text, loc: p.loc(code) };
          break;
        }
        case 'currency': {
          once(t);
          ast.currency = p.ident('a currency code').text;
          break;
        }
        case 'basis': {
          once(t);
          const r = p.lx.restOfLine();
          if (!r.text) p.fail(p.lx.peek(), 'a day-count basis');
          ast.basis = r.text;
          break;
        }
        case 'calendar': {
          once(t);
          const r = p.lx.restOfLine();
          if (!r.text) p.fail(p.lx.peek(), 'a calendar');
          ast.calendar = r.text;
          break;
        }
        case 'convention': {
          once(t);
          ast.convention = p.ident('a business-day convention').text;
          break;
        }
        case 'timeline': {
          once(t);
          const v = p.ident('dates or years');
          if (v.text !== 'dates' && v.text !== 'years') p.fail(v, 'dates or years');
          ast.timeline = v.text as Timeline;
          break;
        }
        case 'initialFixing': {
          once(t);
          if (p.isOp('=')) p.lx.next();
          ast.initialFixing = p.expr();
          break;
        }
        case 'trade':
        case 'start':
        case 'maturity': {
          once(t);
          if (p.isOp('=')) p.lx.next();
          ast.dates.push({ name: t.text, value: p.expr(), builtin: true, loc });
          break;
        }
        case 'date': {
          const name = p.ident('a date name');
          p.expectOp('=');
          const value = p.expr();
          // A built-in date redefined with `date` keeps its position for the validator's message.
          ast.dates.push({ name: name.text, value, builtin: false, loc: p.loc(name) });
          break;
        }
        case 'schedule': {
          const name = p.ident('a schedule name');
          p.expectOp('=');
          ast.schedules.push({ name: name.text, spec: p.schedule(), loc: p.loc(name) });
          break;
        }
        case 'param': {
          const name = p.ident('a param name');
          p.expectOp('=');
          const value = p.expr();
          const def = { name: name.text, value, loc: p.loc(name) } as PackageAst['params'][number];
          if (p.isWord('solvable')) {
            p.lx.next();
            def.solvable = true;
          }
          ast.params.push(def);
          break;
        }
        case 'level': {
          const name = p.ident('a level name');
          p.expectOp('=');
          ast.levels.push({ name: name.text, value: p.expr(), loc: p.loc(name) });
          break;
        }
        case 'var': {
          const name = p.ident('a variable name');
          p.expectOp('=');
          const e = p.expr();
          if (e.kind !== 'num') {
            diagnostics.push(diag('TYPE_MISMATCH', e.loc, { expected: 'a number', found: 'an expression' }));
            throw new Abort();
          }
          ast.vars.push({ name: name.text, init: e.value, loc: p.loc(name) });
          break;
        }
        case 'require': {
          const expr = p.expr();
          ast.constraints.push({ expr, loc });
          break;
        }
        case 'on': {
          ast.rules.push(p.rule(t));
          break;
        }
        default:
          p.fail(t, 'a statement');
      }
      p.endOfStatement();
    } catch (e) {
      if (!(e instanceof Abort)) throw e;
      // Skip the rest of the statement.
      for (;;) {
        const k = p.lx.peek().kind;
        if (k === 'newline' || k === 'eof') break;
        p.lx.next();
      }
    }
  }
  if (!seen.has('package')) diagnostics.push(diag('MISSING_STATEMENT', { line: 1, column: 1 }, { statement: 'package' }));
  if (!seen.has('underlying')) diagnostics.push(diag('MISSING_STATEMENT', { line: 1, column: 1 }, { statement: 'underlying' }));
  return { ast, diagnostics };
}

/** Helper for the JSON form: parse one string with a sub-grammar, reporting at `path`. */
export function parseFragment<T>(src: string, path: string, diagnostics: Diagnostic[], rule: (p: Parser) => T): T | undefined {
  const p = new Parser(src, diagnostics, (_line, column) => ({ path, column }));
  try {
    const out = rule(p);
    const t = p.lx.peek();
    if (t.kind !== 'eof') p.fail(t, 'end of text');
    return out;
  } catch (e) {
    if (e instanceof Abort) return undefined;
    throw e;
  }
}

export const isBuiltinDate = (name: string): boolean => (BUILTIN_DATES as readonly string[]).includes(name);
