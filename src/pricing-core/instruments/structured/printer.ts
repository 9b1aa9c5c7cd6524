// AST -> text: the canonical text form of a package (what the editor shows and what the
// parser reads back to the same AST), and the expression printer the JSON form uses.
import type { Action, Expr, PackageAst, RuleTarget, ScheduleSpec } from './ast';

const PREC: Record<string, number> = { or: 1, and: 2, '<': 4, '<=': 4, '>': 4, '>=': 4, '==': 4, '!=': 4, '+': 5, '-': 5, '*': 6, '/': 6 };

function num(value: number, percent?: boolean): string {
  if (percent) return `${Number((value * 100).toPrecision(15))}%`;
  return String(value);
}

function exprAt(e: Expr, ctx: number): string {
  switch (e.kind) {
    case 'num': {
      const s = num(e.value, e.percent);
      return e.value < 0 && ctx > 5 ? `(${s})` : s;
    }
    case 'date':
      return e.iso;
    case 'tenor':
      return `${e.n}${e.unit}`;
    case 'ref':
      return e.name;
    case 'unary': {
      const s = e.op === 'not' ? `not ${exprAt(e.arg, 3)}` : `-${exprAt(e.arg, 7)}`;
      return ctx > (e.op === 'not' ? 3 : 7) ? `(${s})` : s;
    }
    case 'binary': {
      const p = PREC[e.op];
      // Left-associative: the right operand needs brackets at equal precedence; comparisons never chain.
      const cmp = p === 4;
      const s = `${exprAt(e.left, cmp ? p + 1 : p)} ${e.op} ${exprAt(e.right, p + 1)}`;
      return ctx > p ? `(${s})` : s;
    }
    case 'if': {
      const s = `if ${exprAt(e.cond, 0)} then ${exprAt(e.then, 0)} else ${exprAt(e.else, 0)}`;
      return ctx > 0 ? `(${s})` : s;
    }
    case 'call':
      return `${e.fn}(${e.args.map((a) => exprAt(a, 0)).join(', ')})`;
    case 'list':
      return `[${e.items.map((a) => exprAt(a, 0)).join(', ')}]`;
    case 'index':
      return `${exprAt(e.target, 8)}[${exprAt(e.index, 0)}]`;
  }
}

export function printExpr(e: Expr): string {
  return exprAt(e, 0);
}

export function printAction(a: Action): string {
  switch (a.kind) {
    case 'knockOut':
      return 'knockOut';
    case 'set':
      return `set ${a.name} = ${printExpr(a.value)}`;
    case 'pay':
      return a.at ? `pay ${printExpr(a.amount)} at ${printExpr(a.at)}` : `pay ${printExpr(a.amount)}`;
  }
}

export function printTarget(t: RuleTarget): string {
  return t.kind === 'name' ? t.name : `continuous from ${printExpr(t.from)} to ${printExpr(t.to)}`;
}

export function printSchedule(s: ScheduleSpec): string {
  if (s.kind === 'list') return `[${s.items.map(printExpr).join(', ')}]`;
  const step = s.step.kind === 'daily' ? 'daily' : s.step.kind === 'every' ? `every ${printExpr(s.step.tenor)}` : `count ${s.step.n}`;
  let out = `${step} from ${printExpr(s.from)} to ${printExpr(s.to)}`;
  if (s.skip !== undefined) out += ` skip ${s.skip}`;
  if (s.backward) out += ' backward';
  return out;
}

export function printPackage(p: PackageAst): string {
  const lines: string[] = [`language ${p.language}`, `package ${p.name} version ${p.version}`];
  if (p.title !== undefined) lines.push(`title "${p.title}"`);
  if (p.template !== undefined) lines.push(`template ${p.template}`);
  lines.push(`underlying ${p.underlying.kind} ${p.underlying.code}`);
  if (p.currency !== undefined) lines.push(`currency ${p.currency}`);
  lines.push(`basis ${p.basis}`);
  if (p.calendar !== undefined) lines.push(`calendar ${p.calendar}`);
  if (p.convention !== undefined) lines.push(`convention ${p.convention}`);
  lines.push(`timeline ${p.timeline}`);
  lines.push('');
  for (const d of p.dates) lines.push(d.builtin ? `${d.name} ${printExpr(d.value)}` : `date ${d.name} = ${printExpr(d.value)}`);
  if (p.initialFixing) lines.push(`initialFixing ${printExpr(p.initialFixing)}`);
  for (const s of p.schedules) lines.push(`schedule ${s.name} = ${printSchedule(s.spec)}`);
  if (p.params.length || p.levels.length) lines.push('');
  for (const a of p.params) lines.push(`param ${a.name} = ${printExpr(a.value)}${a.solvable ? ' solvable' : ''}`);
  for (const l of p.levels) lines.push(`level ${l.name} = ${printExpr(l.value)}`);
  for (const c of p.constraints) lines.push(`require ${printExpr(c.expr)}`);
  for (const v of p.vars) lines.push(`var ${v.name} = ${v.init}`);
  if (p.rules.length) lines.push('');
  for (const r of p.rules) {
    const when = r.when ? ` when ${printExpr(r.when)}` : '';
    lines.push(`on ${printTarget(r.on)}${when}: ${r.actions.map(printAction).join(', ')}`);
  }
  return `${lines.join('\n')}\n`;
}
