import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { canonical, type Expr, TEMPLATE_NAMES } from './ast';
import { DIAGNOSTIC_CODES, describeDiagnostic, formatDiagnostic, messages } from './diagnostics';
import { parsePackageJson, toPackageJson } from './json-form';
import { parseFragment, parsePackageText } from './parser';
import { printExpr, printPackage } from './printer';
import { templateSource } from './templates';
import { validatePackage } from './validate';

const SNOWBALL = templateSource('snowball', { trade: '2025-01-06' });

/** Replaces one line (1-based) of a source. */
const withLine = (src: string, n: number, line: string) => src.split('\n').map((l, i) => (i === n - 1 ? line : l)).join('\n');
const lineOf = (src: string, text: string) => src.split('\n').findIndex((l) => l.startsWith(text)) + 1;

describe('payoff language: text form', () => {
  it('every template parses, validates, and prints back to the same AST (text and JSON forms)', () => {
    for (const t of TEMPLATE_NAMES) {
      for (const timeline of ['dates', 'years'] as const) {
        const { ast, diagnostics } = parsePackageText(templateSource(t, { timeline }));
        expect(diagnostics, `${t} ${timeline}`).toEqual([]);
        expect(validatePackage(ast).filter((d) => d.severity === 'error'), `${t} ${timeline}`).toEqual([]);
        const again = parsePackageText(printPackage(ast));
        expect(again.diagnostics).toEqual([]);
        expect(canonical(again.ast)).toBe(canonical(ast));
        const json = parsePackageJson(JSON.parse(JSON.stringify(toPackageJson(ast))));
        expect(json.diagnostics).toEqual([]);
        expect(canonical(json.ast)).toBe(canonical(ast));
      }
    }
  });

  it('reports a syntax error at its line and column and keeps parsing the other lines', () => {
    const n1 = lineOf(SNOWBALL, 'on koDates');
    const n2 = lineOf(SNOWBALL, 'level kiLevel');
    let src = withLine(SNOWBALL, n1, 'on koDates when spot >= : knockOut');
    src = withLine(src, n2, 'level kiLevel = kiRatio * * S0');
    const { diagnostics } = parsePackageText(src);
    expect(diagnostics.map((d) => [d.code, d.line, d.column])).toEqual([
      ['UNEXPECTED_TOKEN', n2, 27],
      ['UNEXPECTED_TOKEN', n1, 25],
    ].sort((a, b) => (a[1] as number) - (b[1] as number)));
    expect(describeDiagnostic(diagnostics[0])).toMatch(/^line \d+, column \d+: expected a value, found "\*"/);
  });

  it('a bad term is a "term error" at the term; an impossible date, a stray character and a chained comparison have their own codes', () => {
    const n = lineOf(SNOWBALL, 'maturity');
    const bad = parsePackageText(withLine(SNOWBALL, n, 'maturity start + 2X'));
    expect(bad.diagnostics.map((d) => [d.code, d.line, d.column, d.message])).toEqual([['TERM_ERROR', n, 18, 'term error: 2X']]);
    expect(parsePackageText(withLine(SNOWBALL, n, 'maturity start + 0M')).diagnostics[0].code).toBe('TERM_ERROR');
    expect(parsePackageText(withLine(SNOWBALL, n, 'maturity start + 1.5M')).diagnostics[0].code).toBe('TERM_ERROR');
    expect(parsePackageText(withLine(SNOWBALL, n, 'maturity 2025-02-30')).diagnostics[0].code).toBe('INVALID_DATE');
    expect(parsePackageText(withLine(SNOWBALL, n, 'maturity start + 2Y $')).diagnostics.map((d) => [d.code, d.column])).toEqual([['UNEXPECTED_CHARACTER', 21]]);
    const r = lineOf(SNOWBALL, 'on kiDates');
    expect(parsePackageText(withLine(SNOWBALL, r, 'on kiDates when 1 < spot < 2: set knockedIn = 1')).diagnostics[0].code).toBe('CHAINED_COMPARISON');
    // "every 3" is not a term either (caught by the validator).
    const s = lineOf(SNOWBALL, 'schedule koDates');
    const { ast } = parsePackageText(withLine(SNOWBALL, s, 'schedule koDates = every 3 from start to maturity'));
    expect(validatePackage(ast).map((d) => d.code)).toContain('TERM_ERROR');
  });

  it('expressions: precedence, percent, if-then-else, lists; print and parse agree on random trees', () => {
    const e = parseFragment('1 + 2 * 3 >= 7 and not x < 1 or y == 2', '/e', [], (p) => p.expr())!;
    expect(printExpr(e)).toBe('1 + 2 * 3 >= 7 and not x < 1 or y == 2');
    expect(e.kind === 'binary' && e.op).toBe('or');
    const pct = parseFragment('103% - 0.5% * index', '/e', [], (p) => p.expr())!;
    expect(pct.kind === 'binary' && pct.left.kind === 'num' && pct.left.value).toBeCloseTo(1.03, 15);
    expect(printExpr(pct)).toBe('103% - 0.5% * index');
    const leaf: fc.Arbitrary<Expr> = fc.oneof(
      fc.double({ min: -1e6, max: 1e6, noNaN: true }).map((value) => ({ kind: 'num', value: Object.is(value, -0) ? 0 : value, loc: {} }) as Expr),
      fc.constantFrom('a', 'b', 'spot', 'S0').map((name) => ({ kind: 'ref', name, loc: {} }) as Expr),
    );
    const tree = fc.letrec<{ e: Expr }>((tie) => ({
      e: fc.oneof(
        { depthSize: 'small', withCrossShrink: true },
        leaf,
        fc.record({ op: fc.constantFrom('+', '-', '*', '/', '<', '>=', '==', 'and', 'or'), left: tie('e'), right: tie('e') }).map((r) => ({ kind: 'binary', ...r, loc: {} }) as Expr),
        tie('e').map((arg) => ({ kind: 'unary', op: '-', arg, loc: {} }) as Expr),
        fc.record({ cond: tie('e'), then: tie('e'), else: tie('e') }).map((r) => ({ kind: 'if', ...r, loc: {} }) as Expr),
        fc.array(tie('e'), { minLength: 1, maxLength: 3 }).map((args) => ({ kind: 'call', fn: 'max', args, loc: {} }) as Expr),
      ),
    })).e;
    fc.assert(fc.property(tree, (x) => {
      const diags: never[] = [];
      const back = parseFragment(printExpr(x), '/e', diags, (p) => p.expr());
      expect(diags).toEqual([]);
      // A negated literal folds into the literal, as the parser does.
      const fold = (y: Expr): Expr => JSON.parse(JSON.stringify(y), (_k, v) => (v && v.kind === 'unary' && v.op === '-' && v.arg?.kind === 'num' ? { ...v.arg, value: -v.arg.value } : v));
      expect(canonical(back)).toBe(canonical(fold(fold(x))));
    }), { numRuns: 300, seed: 7 });
  });

  it('language version and package header statements are checked', () => {
    const v2 = parsePackageText(SNOWBALL.replace('language 1', 'language 2'));
    expect(validatePackage(v2.ast).map((d) => [d.code, d.line])).toContainEqual(['LANGUAGE_VERSION_UNSUPPORTED', 1]);
    const dup = parsePackageText(`${SNOWBALL}basis ACT/360\n`);
    expect(dup.diagnostics.map((d) => d.code)).toEqual(['DUPLICATE_STATEMENT']);
    const basis = parsePackageText(SNOWBALL.replace('basis ACT/365F', 'basis ACT/999'));
    expect(validatePackage(basis.ast).map((d) => [d.code, d.line])).toContainEqual(['BASIS_UNKNOWN', lineOf(SNOWBALL, 'basis')]);
    expect(parsePackageText('underlying fx USDCNY\n').diagnostics.map((d) => d.code)).toEqual(['MISSING_STATEMENT']);
  });
});

describe('payoff language: JSON form', () => {
  it('reports schema errors by JSON path and expression errors by path and column', () => {
    const json = toPackageJson(parsePackageText(SNOWBALL).ast) as Record<string, unknown>;
    const bad = { ...json, rules: [{ on: 'koDates', when: 'spot >= koLevel +', do: ['knockOut'] }, { on: 'kiDates', do: [] }] };
    const r = parsePackageJson(bad);
    expect(r.diagnostics.map((d) => [d.code, d.path])).toEqual([['JSON_SCHEMA', '/rules/1/do']]);
    const bad2 = { ...json, rules: [{ on: 'koDates', when: 'spot >= koLevel +', do: ['knockOut', 'pay 1 + at maturity'] }] };
    const r2 = parsePackageJson(bad2);
    expect(r2.diagnostics.map((d) => [d.code, d.path, d.column])).toEqual([
      ['UNEXPECTED_TOKEN', '/rules/0/when', 18],
      ['UNEXPECTED_TOKEN', '/rules/0/do/1', 9],
    ]);
    expect(describeDiagnostic(r2.diagnostics[0])).toBe('/rules/0/when, column 18: expected a value, found end of text');
    const term = parsePackageJson({ ...json, maturity: 'start + 2Q' });
    expect(term.diagnostics.map((d) => [d.code, d.path, d.column])).toEqual([['TERM_ERROR', '/maturity', 9]]);
    expect(parsePackageJson('{not json').diagnostics[0].code).toBe('JSON_SCHEMA');
  });
});

describe('payoff language: validation codes', () => {
  const check = (src: string) => {
    const { ast, diagnostics } = parsePackageText(src);
    return [...diagnostics, ...validatePackage(ast, { existingNames: ['Taken'] })];
  };
  const codes = (src: string) => check(src).map((d) => d.code);

  it('package name: letters only, unique (the SPEC messages)', () => {
    expect(codes(SNOWBALL.replace('package Snowball', 'package Snow2'))).toContain('PACKAGE_NAME_INVALID');
    const exists = check(SNOWBALL.replace('package Snowball', 'package taken'));
    expect(exists.map((d) => [d.code, d.message, d.line])).toContainEqual(['PACKAGE_NAME_EXISTS', 'Package name exists', 2]);
    expect(formatDiagnostic(exists.find((d) => d.code === 'PACKAGE_NAME_EXISTS')!, 'zh')).toBe('包名已存在');
  });

  it('a date defined twice: "date definition duplicates built-in date"', () => {
    const src = SNOWBALL.replace('schedule koDates', 'date start = trade + 2BD\nschedule koDates');
    const d = check(src).find((x) => x.code === 'DATE_DUPLICATES_BUILTIN')!;
    expect([d.message, d.line, d.column]).toEqual(['date definition duplicates built-in date (start)', lineOf(src, 'date start'), 6]);
    expect(codes(SNOWBALL.replace('param kiRatio', 'param maturity = 1\nparam kiRatio'))).toContain('RESERVED_NAME');
    expect(codes(SNOWBALL.replace('param kiRatio = 75%', 'param kiRatio = 75%\nlevel kiRatio = 1'))).toContain('DUPLICATE_NAME');
  });

  it('names, types and scopes', () => {
    expect(codes(SNOWBALL.replace('level kiLevel = kiRatio * S0', 'level kiLevel = kiRate * S0'))).toContain('UNKNOWN_NAME');
    expect(codes(SNOWBALL.replace('level kiLevel = kiRatio * S0', 'level kiLevel = kiRatio * spot'))).toContain('NOT_ALLOWED_HERE');
    expect(codes(SNOWBALL.replace('when spot <= kiLevel', 'when spot + kiLevel'))).toContain('TYPE_MISMATCH');
    expect(codes(SNOWBALL.replace('param bonusCoupon = coupon', 'param bonusCoupon = coupon + start'))).toContain('TYPE_MISMATCH');
    expect(codes(SNOWBALL.replace('param bonusCoupon = coupon', 'param bonusCoupon = koStart').replace('param koStart = 103%', 'param koStart = bonusCoupon'))).toContain('CYCLIC_DEFINITION');
    expect(codes(SNOWBALL.replace('set knockedIn = 1', 'set kiLevel = 1'))).toContain('SET_UNKNOWN_VAR');
    expect(codes(SNOWBALL.replace('min(spot / S0, 1)', 'minimum(spot / S0, 1)'))).toContain('UNKNOWN_FUNCTION');
    expect(codes(SNOWBALL.replace('min(spot / S0, 1)', 'yf(start)'))).toContain('WRONG_ARITY');
    expect(codes(SNOWBALL.replace('maturity start + 2Y', 'maturity 2'))).toContain('NUMBER_AS_DATE');
    expect(codes(SNOWBALL.replace('underlying fx USDCNY', 'underlying fx USDCN'))).toContain('UNDERLYING_INVALID');
    expect(codes(SNOWBALL.replace('underlying fx USDCNY', 'underlying commodity SC2506'))).toContain('CURRENCY_REQUIRED');
    expect(codes(SNOWBALL.replace('template snowball', 'template igloo'))).toContain('TEMPLATE_UNKNOWN');
    // Names of JavaScript's Object prototype are ordinary unknown names, not built-ins.
    expect(codes(SNOWBALL.replace('min(spot / S0, 1)', 'constructor(1)'))).toContain('UNKNOWN_FUNCTION');
    expect(codes(SNOWBALL.replace('level kiLevel = kiRatio * S0', 'level kiLevel = kiRatio * constructor'))).toContain('UNKNOWN_NAME');
    expect(codes(SNOWBALL.replace('param kiRatio = 75%', 'param toString = 1\nparam kiRatio = 75%'))).toEqual([]);
  });

  it('continuous monitoring: a fixed barrier, dated payments, one side', () => {
    const shark = templateSource('sharkfinBullAmerican');
    expect(codes(shark)).toEqual([]);
    expect(codes(shark.replace('when spot >= barrier:', 'when spot >= barrier and spot > strike:'))).toContain('CONTINUOUS_CONDITION');
    expect(codes(shark.replace(' at maturity\n', '\n'))).toContain('CONTINUOUS_PAY_DATE');
    expect(codes(shark.replace('when spot >= barrier:', 'when spot >= barrier * index:'))).toContain('NOT_ALLOWED_HERE');
    const twoSides = `${shark}on continuous from start to maturity when spot <= strike: knockOut, pay 1 at maturity\n`;
    expect(codes(twoSides)).toContain('CONTINUOUS_SIDES');
  });

  it('every code has an English and a Chinese message with the same placeholders', () => {
    for (const c of DIAGNOSTIC_CODES) {
      expect(messages.en[c], c).toBeTruthy();
      expect(messages.zh[c], c).toBeTruthy();
      const ph = (s: string) => [...s.matchAll(/\{(\w+)\}/g)].map((m) => m[1]).sort();
      expect(ph(messages.zh[c]), c).toEqual(ph(messages.en[c]));
    }
  });
});
