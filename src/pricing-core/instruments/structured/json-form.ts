// The JSON form of a package: the same definition as the text form, as a document a screen
// can edit field by field. Structure is checked with a zod schema (errors carry the JSON
// path); expressions, dates, schedules' terms and actions are strings in the text syntax's
// sub-grammars (errors carry the path and the column inside the string). Numbers may be
// given as JSON numbers. Both forms map to the one AST (ast.ts); toPackageJson inverts.
import { z } from 'zod';
import type { Action, Expr, Loc, PackageAst, Rule, ScheduleDef, ScheduleSpec } from './ast';
import { type Diagnostic, diag } from './diagnostics';
import { emptyPackage, parseFragment } from './parser';
import { printAction, printExpr } from './printer';

const exprField = z.union([z.number(), z.string()]);
const name = z.string();
const range = { from: exprField, to: exprField, skip: z.number().int().nonnegative().optional(), backward: z.boolean().optional() };

const scheduleJson = z.union([
  z.object({ name, dates: z.array(exprField).min(1) }).strict(),
  z.object({ name, daily: z.literal(true), ...range }).strict(),
  z.object({ name, every: z.string(), ...range }).strict(),
  z.object({ name, count: z.number().int().positive(), ...range }).strict(),
]);

const ruleJson = z.object({
  on: z.union([z.string(), z.object({ continuous: z.object({ from: exprField, to: exprField }).strict() }).strict()]),
  when: z.string().optional(),
  do: z.array(z.string()).min(1),
}).strict();

export const packageJsonSchema = z.object({
  language: z.number().int(),
  name: z.string(),
  version: z.number().int().optional(),
  title: z.string().optional(),
  template: z.string().optional(),
  underlying: z.object({ kind: z.enum(['fx', 'gold', 'commodity']), code: z.string() }).strict(),
  currency: z.string().optional(),
  basis: z.string().optional(),
  calendar: z.string().optional(),
  convention: z.string().optional(),
  timeline: z.enum(['dates', 'years']).optional(),
  trade: exprField.optional(),
  start: exprField.optional(),
  maturity: exprField.optional(),
  initialFixing: exprField.optional(),
  dates: z.array(z.object({ name, value: exprField }).strict()).optional(),
  schedules: z.array(scheduleJson).optional(),
  params: z.array(z.object({ name, value: exprField, solvable: z.boolean().optional() }).strict()).optional(),
  levels: z.array(z.object({ name, value: exprField }).strict()).optional(),
  vars: z.array(z.object({ name, init: z.number() }).strict()).optional(),
  constraints: z.array(z.string()).optional(),
  rules: z.array(ruleJson).optional(),
}).strict();

export type PackageJson = z.infer<typeof packageJsonSchema>;

const pointer = (path: readonly PropertyKey[]): string => `/${path.map(String).join('/')}`;

export interface JsonParseResult {
  ast: PackageAst;
  diagnostics: Diagnostic[];
}

/** Reads the JSON form (an object, or JSON text) into the AST. */
export function parsePackageJson(input: unknown): JsonParseResult {
  const diagnostics: Diagnostic[] = [];
  let value = input;
  if (typeof input === 'string') {
    try {
      value = JSON.parse(input);
    } catch (e) {
      diagnostics.push(diag('JSON_SCHEMA', { path: '' }, { detail: e instanceof Error ? e.message : 'not JSON' }));
      return { ast: emptyPackage(), diagnostics };
    }
  }
  const parsed = packageJsonSchema.safeParse(value);
  if (!parsed.success) {
    for (const issue of parsed.error.issues) {
      diagnostics.push(diag('JSON_SCHEMA', { path: pointer(issue.path) }, { detail: `${pointer(issue.path)}: ${issue.message}` }));
    }
    return { ast: emptyPackage(), diagnostics };
  }
  const j = parsed.data;
  const ast = emptyPackage();
  const expr = (v: number | string, path: string): Expr => {
    if (typeof v === 'number') return { kind: 'num', value: v, loc: { path } };
    return parseFragment(v, path, diagnostics, (p) => p.expr()) ?? { kind: 'num', value: 0, loc: { path } };
  };
  ast.locs = Object.fromEntries(['language', 'version', 'template', 'currency', 'basis', 'calendar', 'convention', 'timeline', 'initialFixing'].map((k) => [k, { path: `/${k}` }]));
  ast.language = j.language;
  ast.name = j.name;
  ast.loc = { path: '/name' };
  if (j.version !== undefined) ast.version = j.version;
  if (j.title !== undefined) ast.title = j.title;
  if (j.template !== undefined) ast.template = j.template;
  ast.underlying = { ...j.underlying, loc: { path: '/underlying/code' } };
  if (j.currency !== undefined) ast.currency = j.currency;
  if (j.basis !== undefined) ast.basis = j.basis;
  if (j.calendar !== undefined) ast.calendar = j.calendar;
  if (j.convention !== undefined) ast.convention = j.convention;
  if (j.timeline !== undefined) ast.timeline = j.timeline;
  for (const b of ['trade', 'start', 'maturity'] as const) {
    const v = j[b];
    if (v !== undefined) ast.dates.push({ name: b, value: expr(v, `/${b}`), builtin: true, loc: { path: `/${b}` } });
  }
  if (j.initialFixing !== undefined) ast.initialFixing = expr(j.initialFixing, '/initialFixing');
  (j.dates ?? []).forEach((d, i) => ast.dates.push({ name: d.name, value: expr(d.value, `/dates/${i}/value`), builtin: false, loc: { path: `/dates/${i}/name` } }));
  (j.schedules ?? []).forEach((s, i) => {
    const base = `/schedules/${i}`;
    let spec: ScheduleSpec;
    if ('dates' in s) spec = { kind: 'list', items: s.dates.map((d, k) => expr(d, `${base}/dates/${k}`)) };
    else {
      const step: ScheduleSpec & { kind: 'generated' } = {
        kind: 'generated',
        step: 'daily' in s ? { kind: 'daily' } : 'every' in s ? { kind: 'every', tenor: expr(s.every, `${base}/every`) } : { kind: 'count', n: s.count },
        from: expr(s.from, `${base}/from`),
        to: expr(s.to, `${base}/to`),
      };
      if (s.skip !== undefined) step.skip = s.skip;
      if (s.backward) step.backward = true;
      spec = step;
    }
    ast.schedules.push({ name: s.name, spec, loc: { path: `${base}/name` } } satisfies ScheduleDef);
  });
  (j.params ?? []).forEach((a, i) => {
    const def: PackageAst['params'][number] = { name: a.name, value: expr(a.value, `/params/${i}/value`), loc: { path: `/params/${i}/name` } };
    if (a.solvable) def.solvable = true;
    ast.params.push(def);
  });
  (j.levels ?? []).forEach((l, i) => ast.levels.push({ name: l.name, value: expr(l.value, `/levels/${i}/value`), loc: { path: `/levels/${i}/name` } }));
  (j.vars ?? []).forEach((v, i) => ast.vars.push({ name: v.name, init: v.init, loc: { path: `/vars/${i}/name` } }));
  (j.constraints ?? []).forEach((c, i) => ast.constraints.push({ expr: expr(c, `/constraints/${i}`), loc: { path: `/constraints/${i}` } }));
  (j.rules ?? []).forEach((r, i) => {
    const base = `/rules/${i}`;
    const loc: Loc = { path: base };
    const on: Rule['on'] = typeof r.on === 'string'
      ? { kind: 'name', name: r.on, loc: { path: `${base}/on` } }
      : { kind: 'continuous', from: expr(r.on.continuous.from, `${base}/on/continuous/from`), to: expr(r.on.continuous.to, `${base}/on/continuous/to`), loc: { path: `${base}/on` } };
    const when = r.when !== undefined ? expr(r.when, `${base}/when`) : undefined;
    const actions: Action[] = [];
    r.do.forEach((a, k) => {
      const act = parseFragment(a, `${base}/do/${k}`, diagnostics, (p) => p.action());
      if (act) actions.push(act);
    });
    const rule: Rule = when ? { on, when, actions, loc } : { on, actions, loc };
    ast.rules.push(rule);
  });
  return { ast, diagnostics };
}

const jsonExpr = (e: Expr): number | string => (e.kind === 'num' && !e.percent ? e.value : printExpr(e));

/** The JSON form of a package (expressions printed in the text syntax). */
export function toPackageJson(p: PackageAst): PackageJson {
  const out: PackageJson = { language: p.language, name: p.name, version: p.version, underlying: { kind: p.underlying.kind, code: p.underlying.code } };
  if (p.title !== undefined) out.title = p.title;
  if (p.template !== undefined) out.template = p.template;
  if (p.currency !== undefined) out.currency = p.currency;
  out.basis = p.basis;
  if (p.calendar !== undefined) out.calendar = p.calendar;
  if (p.convention !== undefined) out.convention = p.convention;
  out.timeline = p.timeline;
  for (const d of p.dates) if (d.builtin) out[d.name as 'trade' | 'start' | 'maturity'] = jsonExpr(d.value);
  if (p.initialFixing) out.initialFixing = jsonExpr(p.initialFixing);
  const custom = p.dates.filter((d) => !d.builtin);
  if (custom.length) out.dates = custom.map((d) => ({ name: d.name, value: jsonExpr(d.value) }));
  if (p.schedules.length) {
    out.schedules = p.schedules.map((s) => {
      if (s.spec.kind === 'list') return { name: s.name, dates: s.spec.items.map(jsonExpr) };
      const g = s.spec;
      const rng = { from: jsonExpr(g.from), to: jsonExpr(g.to), ...(g.skip !== undefined ? { skip: g.skip } : {}), ...(g.backward ? { backward: true } : {}) };
      if (g.step.kind === 'daily') return { name: s.name, daily: true as const, ...rng };
      if (g.step.kind === 'every') return { name: s.name, every: printExpr(g.step.tenor), ...rng };
      return { name: s.name, count: g.step.n, ...rng };
    });
  }
  if (p.params.length) out.params = p.params.map((a) => ({ name: a.name, value: jsonExpr(a.value), ...(a.solvable ? { solvable: true } : {}) }));
  if (p.levels.length) out.levels = p.levels.map((l) => ({ name: l.name, value: jsonExpr(l.value) }));
  if (p.vars.length) out.vars = p.vars.map((v) => ({ name: v.name, init: v.init }));
  if (p.constraints.length) out.constraints = p.constraints.map((c) => printExpr(c.expr));
  if (p.rules.length) {
    out.rules = p.rules.map((r) => ({
      on: r.on.kind === 'name' ? r.on.name : { continuous: { from: jsonExpr(r.on.from), to: jsonExpr(r.on.to) } },
      ...(r.when ? { when: printExpr(r.when) } : {}),
      do: r.actions.map(printAction),
    }));
  }
  return out;
}
