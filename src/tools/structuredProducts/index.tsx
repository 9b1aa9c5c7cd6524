// /structuredProducts: the product-structure definition editor and pricer (SPEC section 2).
// A structured form for the common parts (template, name, underlying, built-in dates,
// arguments, levels, principal, market) beside the payoff-language text, in sync through the
// AST (package-text.ts); the observation table; price with its standard error, greeks and
// target-price solves, run on the GPU, CPU workers or this thread (runner.ts); packages saved,
// versioned, renamed and shared through the kit's share service (PackagesPanel).
import { useAtom } from 'jotai';
import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { AmountField, NumberField, PercentField, SelectField, TenorDateField } from '../../kit/fields';
import { TradeDayNote, useTradeDay } from '../../kit/dates';
import { useStrings } from '../../kit/i18n';
import { Panel, ToolActions, ToolForm, ToolLayout } from '../../kit/layout';
import { useLang } from '../../kit/locale';
import { fmt, ResultList, ResultsRegion, ResultTable, SourceBadge, ToolFailure, useCalculation, type ResultItem } from '../../kit/results';
import { SharedItemNotice, useSavedItems, useSharedItem } from '../../kit/share';
import { useOperationGate } from '../../app/operation-gate';
import { TEMPLATE_NAMES, type PackageAst, type TemplateName, type UnderlyingKind } from '../../pricing-core/instruments/structured/ast';
import { formatDiagnostic, type Diagnostic } from '../../pricing-core/instruments/structured/diagnostics';
import { templateSource, templateTitles } from '../../pricing-core/instruments/structured/templates';
import { priceStructured, solveStructured, structuredGreeks } from '../../pricing-core/engines/structured';
import { ExprField } from './ExprField';
import { sharedStrings, strings } from './i18n';
import { combinedProvenance } from '../../kit/market-data/pillars';
import { MarketFields, roundMarket } from './MarketFields';
import { analyse, applyEdit, convertSource, dateText, exprText, type FormEdit } from './package-text';
import { PackagesPanel } from './PackagesPanel';
import { PayoffEditor } from './PayoffEditor';
import { isLanguageError, marketAt, missingFigures, prepareProduct, requestFor, type FlatMarketInputs, type MarketField, type Prepared } from './pricing';
import { editorRunner, whereRan, type Where } from './runner';
import { DEFAULT_INPUTS, editorAtom, payloadSpec, type EditorInputs, type PackagePayload } from './state';
import { useProductMarket } from './use-product-market';
import './structured.css';

interface Shown {
  npv: number;
  stderr: number;
  closedForm: boolean;
  where: Where | 'closedForm';
  offline: boolean;
  principal: number;
  currency: string;
  paths?: number;
  expectedLife?: number;
  probabilities: Array<{ label: string; p: number }>;
  greeks?: { delta: Greek; gamma: Greek; vega: Greek; rhoDomestic: Greek; rhoForeign: Greek; spot: number };
  solved?: { param: string; value: number; stderr?: number; method: 'linear' | 'illinois'; percent: boolean; target: number };
}
interface Greek { value: number; stderr?: number }

const both = (t: (k: string, o?: Record<string, unknown>) => string, zh: Record<string, unknown>, key: string, values: Record<string, unknown> = {}) => {
  // ToolFailure carries both languages; i18next gives the current one, the other is formatted from the zh tree.
  const path = key.split('.');
  let node: unknown = zh;
  for (const k of path) node = (node as Record<string, unknown>)?.[k];
  const zhText = String(node ?? key).replace(/\{\{(\w+)\}\}/g, (_, k: string) => String(values[k] ?? ''));
  return { zh: zhText, en: t(key, { ...values, lng: 'en' }) };
};

/** `value`, updated at most every `ms` (the last value always arrives). */
function useThrottled<T>(value: T, ms: number): T {
  const [shown, setShown] = useState(value);
  const last = useRef(0);
  useEffect(() => {
    const wait = last.current + ms - Date.now();
    if (wait <= 0) {
      last.current = Date.now();
      setShown(value);
      return;
    }
    const id = setTimeout(() => {
      last.current = Date.now();
      setShown(value);
    }, wait);
    return () => clearTimeout(id);
  }, [value, ms]);
  return shown;
}

function uniqueName(base: string, taken: readonly string[]): string {
  const lower = new Set(taken.map((n) => n.toLowerCase()));
  if (!lower.has(base.toLowerCase())) return base;
  for (let i = 0; i < 26 * 26; i++) {
    const suffix = i < 26 ? String.fromCharCode(65 + i) : String.fromCharCode(65 + Math.floor(i / 26) - 1) + String.fromCharCode(65 + (i % 26));
    if (!lower.has(`${base}${suffix}`.toLowerCase())) return `${base}${suffix}`;
  }
  return base;
}

export default function StructuredProducts() {
  const { t } = useStrings(strings);
  const { t: ts } = useStrings(sharedStrings);
  const lang = useLang();
  const gate = useOperationGate();
  const [inputs, setInputs] = useAtom(editorAtom);
  const srcRef = useRef(inputs.src);
  srcRef.current = inputs.src;
  const set = useCallback((patch: Partial<EditorInputs>) => {
    if (patch.src !== undefined) srcRef.current = patch.src;
    setInputs((i) => ({ ...i, ...patch }));
  }, [setInputs]);

  // --- packages (share service)
  const items = useSavedItems('structuredProducts');
  const existing = useMemo(() => items.mine.filter((i) => i.id !== inputs.openId).map((i) => i.name), [items.mine, inputs.openId]);
  const shared = useSharedItem<PackagePayload>('structuredProducts', {
    spec: payloadSpec,
    onItem: (p, item) => set({ src: p.src, principal: p.principal ?? inputs.principal, openId: item.access === 'owner' ? item.id : null }),
  });

  // --- the definition
  const analysis = useMemo(() => analyse(inputs.src, existing), [inputs.src, existing]);
  const lastGood = useRef<PackageAst | null>(null);
  if (analysis.ast) lastGood.current = analysis.ast;
  const ast = analysis.ast;
  const formAst = ast ?? lastGood.current;
  // Valued at the latest close of the onshore market when today is not a business day.
  const tradeDay = useTradeDay(['CNY'], 'preceding');
  const today = tradeDay.date;
  const valuationDate = inputs.valuationDate || today;

  // --- market
  const mkt = useProductMarket(ast, valuationDate);
  const o = inputs.overrides;
  const overridesDec: Partial<FlatMarketInputs> = useMemo(() => ({
    ...(o.spot !== null ? { spot: o.spot } : {}),
    ...(o.vol !== null ? { vol: o.vol / 100 } : {}),
    ...(o.rd !== null ? { rd: o.rd / 100 } : {}),
    ...(o.rf !== null ? { rf: o.rf / 100 } : {}),
  }), [o]);
  const liveSpot = o.spot ?? (mkt.plan ? mkt.values.get(mkt.plan.spotId)?.value : undefined);
  // Resolving a 2-year daily schedule takes ~12 ms: follow live ticks at most once a second.
  const spot = useThrottled(liveSpot, 1000);
  const prep = useMemo((): { ok: Prepared } | { diagnostics: Diagnostic[] } | { failed: string } | null => {
    if (!ast) return null;
    if (mkt.seasoned && mkt.fixingsLoading) return null;
    try {
      return { ok: prepareProduct(ast, { valuationDate, fixings: mkt.fixings }, spot) };
    } catch (e) {
      if (isLanguageError(e)) return { diagnostics: e.diagnostics };
      return { failed: e instanceof Error ? e.message : String(e) };
    }
  }, [ast, valuationDate, mkt.fixings, mkt.seasoned, mkt.fixingsLoading, spot]);
  const prepared = prep && 'ok' in prep ? prep.ok : null;
  const market = useMemo(
    () => (mkt.plan ? marketAt(mkt.plan, mkt.values, Math.max(prepared?.maturityT ?? 1, 1 / 365), overridesDec) : null),
    [mkt.plan, mkt.values, prepared?.maturityT, overridesDec],
  );
  const diagnostics = useMemo(() => [
    ...analysis.diagnostics,
    ...(prep && 'diagnostics' in prep ? prep.diagnostics : []),
    ...(prepared?.warnings ?? []),
  ], [analysis.diagnostics, prep, prepared]);
  const firstError = diagnostics.find((d) => d.severity === 'error');

  // --- form edits (one statement rewritten; see package-text.ts)
  const edit = (e: FormEdit): string | null => {
    const base = analyse(srcRef.current, existing);
    if (!base.ast) return t('formLocked');
    const r = applyEdit(srcRef.current, base.ast, e);
    if ('error' in r) return formatDiagnostic(r.error, lang);
    set({ src: r.src });
    return null;
  };

  // --- pricing
  const calc = useCalculation<Shown>();
  const runner = useRef<Awaited<ReturnType<typeof editorRunner>> | null>(null);
  const [solveParam, setSolveParam] = useState<string | null>(null);
  const [target, setTarget] = useState<number | null>(100);

  const fail = (key: string, values: Record<string, unknown> = {}) => calc.fail(new ToolFailure('badInput', undefined, both(t, strings.zh, key, values)));

  const compute = (kind: 'price' | 'greeks' | 'solve') => {
    const a = analyse(srcRef.current, existing);
    if (!a.ok || !a.ast) {
      const d = a.diagnostics.find((x) => x.severity === 'error');
      return calc.fail(new ToolFailure('badInput', undefined, { zh: `产品定义有错误：${d ? formatDiagnostic(d, 'zh') : ''}`, en: `The definition has errors: ${d ? formatDiagnostic(d, 'en') : ''}` }));
    }
    if (inputs.principal === null) return fail('errors.needPrincipal');
    let p: Prepared;
    try {
      p = prepareProduct(a.ast, { valuationDate, fixings: mkt.fixings }, liveSpot);
    } catch (e) {
      if (isLanguageError(e)) {
        const d = e.diagnostics.find((x) => x.severity === 'error') ?? e.diagnostics[0];
        return calc.fail(new ToolFailure('badInput', undefined, { zh: formatDiagnostic(d, 'zh'), en: formatDiagnostic(d, 'en') }));
      }
      throw e;
    }
    const m = mkt.plan ? marketAt(mkt.plan, mkt.values, Math.max(p.maturityT, 1 / 365), overridesDec) : { inputs: overridesDec, sources: null };
    // What prices is what the fields show (rounded as displayed).
    const shownInputs: Partial<FlatMarketInputs> = {};
    for (const f of ['spot', 'vol', 'rd', 'rf'] as const) {
      const v = m.inputs[f];
      if (v !== undefined) shownInputs[f] = f === 'spot' ? roundMarket(f, v) : roundMarket(f, v) / 100;
    }
    const miss = missingFigures(shownInputs);
    if (miss) {
      if (!mkt.plan) return fail('errors.underlying', { code: a.ast.underlying.code });
      const word = (l: 'zh' | 'en') => miss.map((f) => (sharedStrings[l].market as Record<string, string>)[f]).join(l === 'zh' ? '、' : ', ');
      return calc.fail(new ToolFailure('badInput', undefined, { zh: `缺少市场数据：${word('zh')}`, en: `Market data missing: ${word('en')}` }));
    }
    let solveReq: { param: string; target: number; percent: boolean } | null = null;
    if (kind === 'solve') {
      const params = a.ast.params;
      const name = solveParam && params.some((x) => x.name === solveParam) ? solveParam : (params.find((x) => x.solvable) ?? params[0])?.name;
      if (!name) return fail('errors.noSolvable');
      if (target === null) return fail('errors.target');
      const def = params.find((x) => x.name === name)!;
      solveReq = { param: name, target: target / 100, percent: def.value.kind === 'num' && def.value.percent === true };
    }
    if (!gate.check()) return;
    const req = requestFor(a.ast, { valuationDate, fixings: mkt.fixings }, shownInputs as FlatMarketInputs, { paths: inputs.paths, seed: inputs.seed });
    const principal = inputs.principal;
    const offline = !!(market && Object.values(market.sources).some((s) => s.observations.some((x) => x.offline)));
    void calc.run(async () => {
      runner.current ??= await editorRunner();
      const h = runner.current;
      const run = (job: Parameters<typeof h.run>[0]) => h.run(job);
      if (kind === 'solve' && solveReq) {
        const base = toShown(await priceStructured(req, run));
        const s = await solveStructured(req, { param: solveReq.param, target: solveReq.target }, run);
        return { ...base, solved: { param: solveReq.param, value: s.value, stderr: s.stderr, method: s.method, percent: solveReq.percent, target: solveReq.target } };
      }
      if (kind === 'greeks') {
        const [r, g] = await Promise.all([priceStructured(req, run), structuredGreeks(req, run)]);
        return { ...toShown(r), greeks: { delta: g.delta, gamma: g.gamma, vega: g.vega, rhoDomestic: g.rhoDomestic, rhoForeign: g.rhoForeign, spot: req.market.spot } };
      }
      return toShown(await priceStructured(req, run));

      function toShown(r: Awaited<ReturnType<typeof priceStructured>>): Shown {
        return {
          npv: r.npv,
          stderr: r.stderr ?? 0,
          closedForm: r.method === 'closedForm',
          where: r.method === 'closedForm' ? 'closedForm' : whereRan(h, r.mc),
          offline,
          principal,
          currency: r.currency,
          paths: r.mc?.paths,
          expectedLife: r.mc?.expectedLife,
          probabilities: r.mc ? r.mc.ruleProbabilities.map((x) => ({ label: x.label, p: x.probability })) : Object.entries(r.details).map(([label, p]) => ({ label, p })),
        };
      }
    });
  };

  // --- template picker
  const newFromTemplate = (tpl: TemplateName) => {
    const name = uniqueName(tpl[0].toUpperCase() + tpl.slice(1), items.mine.map((i) => i.name));
    // A new template is on the default FX underlying (USD/CNY): FX-sized levels, not an equity's.
    set({ src: templateSource(tpl, { name, levels: 'fx' }), template: tpl, openId: null });
    calc.reset();
  };

  // --- results
  const r = calc.result;
  const ccy = r?.currency ?? mkt.plan?.currency ?? '';
  const whereText = r ? `${ts(`where.${r.where}`)}${r.offline ? ` · ${ts('where.offline')}` : ''}` : null;
  const items1: ResultItem[] = [
    { name: t('results.price'), unit: '(%)', value: r ? r.npv * 100 : null, format: fmt.percent(4) },
    { name: t('results.pv'), unit: ccy ? `(${ccy})` : undefined, value: r ? r.npv * r.principal : null, format: fmt.amount(ccy) },
    { name: t('results.stderr'), unit: '(%)', value: r ? r.stderr * 100 : null, format: fmt.percent(4), note: r?.closedForm ? t('results.noStderr') : undefined },
    { name: t('results.stderrAmount'), unit: ccy ? `(${ccy})` : undefined, value: r ? r.stderr * r.principal : null, format: fmt.amount(ccy) },
    { name: t('results.method'), value: r ? ts(r.closedForm ? 'method.closedForm' : 'method.mc') : null, format: fmt.text },
    { name: t('results.where'), value: whereText, format: fmt.text },
    { name: t('results.status'), value: prepared ? ts(`status.${prepared.status}`) : null, format: fmt.text },
    { name: t('results.s0'), value: prepared?.s0 ?? null, format: fmt.fixed(4) },
    { name: t('results.maturityDate'), value: prepared?.maturityIso ?? null, format: fmt.date },
  ];
  if (r?.paths) items1.push({ name: t('results.paths'), value: r.paths, format: fmt.fixed(0) });
  if (r?.expectedLife !== undefined) items1.push({ name: t('results.expectedLife'), value: r.expectedLife, format: fmt.fixed(3) });
  for (const p of r?.probabilities ?? []) items1.push({ key: `p-${p.label}`, name: t('results.probability', { rule: p.label }), unit: '(%)', value: p.p * 100, format: fmt.percent(2) });
  if (r?.solved) {
    const s = r.solved;
    items1.push({ key: 'solved', name: `${t('results.solvedValue')} ${s.param}`, unit: s.percent ? '(%)' : undefined, value: s.percent ? s.value * 100 : s.value, format: s.percent ? fmt.percent(4) : fmt.sig(8) });
    if (s.stderr !== undefined) items1.push({ key: 'solved-se', name: `${t('results.stderr')} ${s.param}`, unit: s.percent ? '(%)' : undefined, value: s.percent ? s.stderr * 100 : s.stderr, format: s.percent ? fmt.percent(4) : fmt.sig(4) });
    items1.push({ key: 'solved-m', name: t('results.solveMethod'), value: t(`results.${s.method}`), format: fmt.text });
  }
  const greekRows = r?.greeks
    ? (['delta', 'gamma', 'vega', 'rhoDomestic', 'rhoForeign'] as const).map((k) => {
        const g = r.greeks![k];
        // Per 1.00 of spot/vol/rate from the engine; shown per vol point and per basis point.
        const scale = k === 'vega' ? 0.01 : k.startsWith('rho') ? 1e-4 : 1;
        return { k, name: t(`results.${k}`), value: g.value * scale, stderr: g.stderr !== undefined ? g.stderr * scale : r.closedForm ? 0 : null, amount: g.value * scale * r.principal };
      })
    : [];

  // --- observation table
  // One rule at a time (a daily knock-in would bury the monthly knock-out dates); the first by default.
  const ruleChoices = useMemo(() => {
    const seen = new Map<number, string>();
    for (const x of prepared?.rows ?? []) if (!seen.has(x.rule)) seen.set(x.rule, `${x.rule}. ${x.on}`);
    return [...seen.entries()].sort((a, b) => a[0] - b[0]).map(([k, v]) => ({ value: String(k), label: v }));
  }, [prepared]);
  const [ruleShown, setRuleShown] = useState<string>('');
  const shownRule = ruleChoices.some((c) => c.value === ruleShown) ? ruleShown : ruleChoices[0]?.value ?? '';
  const tableRows = useMemo(() => (prepared?.rows ?? []).filter((x) => String(x.rule) === shownRule), [prepared, shownRule]);
  const levelNames = useMemo(() => [...new Set(tableRows.flatMap((x) => Object.keys(x.levels)))], [tableRows]);
  const fixingOf = (iso?: string) => (iso && mkt.fixings ? mkt.fixings[iso] ?? null : null);

  const params = formAst?.params ?? [];
  const levels = formAst?.levels ?? [];
  const locked = !ast;
  const label = (name: string) => {
    const k = `params.${name}`;
    const w = ts(k);
    return w === k ? name : `${w} (${name})`;
  };
  const solvable = params.filter((x) => x.solvable).concat(params.filter((x) => !x.solvable && x.value.kind === 'num'));
  const spotProv = market ? combinedProvenance(market.sources.spot.observations) : null;

  return (
    <div className="sp-tool" data-testid="structured-products">
      <ToolLayout
        title={<>{t('title')} <span className="sp-subtitle">{t('subtitle')}</span></>}
        meta={<SourceBadge provenance={spotProv} />}
        inputs={
          <ToolForm onSubmit={() => compute('price')} columns={2} actions={
            <ToolActions busy={calc.busy} priceLabel={t('price')}>
              <button type="button" className="btn" onClick={() => compute('greeks')} data-testid="compute-greeks">{t('greeks')}</button>
            </ToolActions>
          }>
            <SelectField label={t('template')} name="template" value={inputs.template as TemplateName}
              onChange={(v) => newFromTemplate(v)} onCommit={() => undefined}
              choices={TEMPLATE_NAMES.map((n) => ({ value: n, label: templateTitles[lang][n] }))} hint={t('fromTemplate')} />
            <ExprField label={t('packageName')} name="packageName" value={formAst?.name ?? ''} disabled={locked}
              hint={formAst ? t('version', { v: formAst.version }) : undefined}
              onApply={(text) => edit({ kind: 'name', name: text })} />
            <SelectField label={t('underlyingKind')} name="underlyingKind" value={formAst?.underlying.kind ?? 'fx'} disabled={locked}
              onChange={(v: UnderlyingKind) => {
                const err = edit({ kind: 'underlying', underlying: v, code: v === 'fx' ? 'USDCNY' : v === 'gold' ? 'AU' : 'SC' });
                if (!err && v !== 'fx') {
                  const a2 = analyse(srcRef.current, existing);
                  if (a2.ast && !a2.ast.currency) edit({ kind: 'currency', currency: 'CNY' });
                }
              }}
              choices={(['fx', 'gold', 'commodity'] as const).map((k) => ({ value: k, label: t(`kinds.${k}`) }))} />
            <ExprField label={t('underlyingCode')} name="underlying" value={formAst?.underlying.code ?? ''} disabled={locked}
              hint={mkt.plan?.mappedFrom ? ts('market.mapped', { code: mkt.plan.mappedFrom, id: mkt.plan.spotId }) : mkt.unknown ? t('errors.underlying', { code: mkt.unknown }) : undefined}
              onApply={(text) => (/^[A-Za-z0-9/]+$/.test(text.trim()) ? edit({ kind: 'underlying', underlying: formAst!.underlying.kind, code: text.replace('/', '') }) : t('errors.underlying', { code: text }))}
              onEnter={() => compute('price')} />
            {(['trade', 'start', 'maturity'] as const).map((d) => (
              <ExprField key={d} label={t(d)} name={d} value={formAst ? dateText(formAst, d) : ''} disabled={locked}
                placeholder={d === 'trade' ? t('tradeHint') : undefined}
                hint={d === 'maturity' && prepared?.maturityIso ? prepared.maturityIso : undefined}
                onApply={(text) => edit({ kind: 'date', name: d, text })} onEnter={() => compute('price')} />
            ))}
            <AmountField label={t('principal')} name="principal" currency={ccy} value={inputs.principal} min={0} required
              onChange={(v) => set({ principal: v })} />
            <TenorDateField label={t('valuationDate')} name="valuationDate" dateOnly value={{ kind: 'date', date: valuationDate }}
              onChange={(v) => v?.kind === 'date' && set({ valuationDate: v.date === today ? '' : v.date })} />
            {inputs.valuationDate ? null : <TradeDayNote day={tradeDay} />}
            <fieldset className="sp-group kit-form__wide" disabled={locked}>
              <legend>{t('params')}</legend>
              {locked ? <p className="sp-note">{t('formLocked')}</p> : null}
              <div className="sp-grid">
                {params.map((pd) => (
                  <ExprField key={pd.name} label={label(pd.name)} name={`param-${pd.name}`} value={exprText(pd.value)} disabled={locked}
                    hint={pd.solvable ? t('solvable') : undefined}
                    onApply={(text) => edit({ kind: 'param', name: pd.name, text })} onEnter={() => compute('price')} />
                ))}
              </div>
            </fieldset>
            <fieldset className="sp-group kit-form__wide" disabled={locked}>
              <legend>{t('levels')}</legend>
              <div className="sp-grid sp-grid--wide">
                {levels.map((l) => (
                  <ExprField key={l.name} label={label(l.name)} name={`level-${l.name}`} value={exprText(l.value)} disabled={locked}
                    onApply={(text) => edit({ kind: 'level', name: l.name, text })} onEnter={() => compute('price')} />
                ))}
              </div>
            </fieldset>
            <fieldset className="sp-group kit-form__wide">
              <legend>{t('market')}</legend>
              <div className="sp-grid">
                <MarketFields market={market} overrides={inputs.overrides} quote={mkt.plan?.currency ?? ''} futures={!!mkt.plan?.futures}
                  onOverride={(f: MarketField, v) => set({ overrides: { ...inputs.overrides, [f]: v } })} />
                <NumberField label={t('paths')} name="paths" value={inputs.paths} integer min={1024} max={1_048_576} onChange={(v) => v !== null && set({ paths: v })} />
                <NumberField label={t('seed')} name="seed" value={inputs.seed} integer min={1} onChange={(v) => v !== null && set({ seed: v })} />
              </div>
              {prepared?.projected.map((x) => <p key={x.code} className="sp-note" data-testid="projected-note">{ts('market.projected', x)}</p>)}
            </fieldset>
            <fieldset className="sp-group kit-form__wide">
              <legend>{t('solve')}</legend>
              <div className="sp-grid">
                <SelectField label={t('solveParam')} name="solveParam" value={solveParam ?? solvable[0]?.name ?? ''} onChange={(v: string) => setSolveParam(v)}
                  choices={solvable.map((x) => ({ value: x.name, label: label(x.name) }))} onCommit={() => compute('solve')} />
                <PercentField label={t('targetPrice')} name="targetPrice" value={target} onChange={setTarget} onCommit={() => compute('solve')} />
              </div>
              <div className="kit-actions">
                <button type="button" className="btn" onClick={() => compute('solve')} data-testid="compute-solve">{t('solve')}</button>
                {r?.solved ? (
                  <button type="button" className="btn" data-testid="apply-solved" onClick={() => {
                    const s = r.solved!;
                    const err = edit({ kind: 'param', name: s.param, text: s.percent ? `${Number((s.value * 100).toFixed(6))}%` : String(Number(s.value.toPrecision(10))) });
                    // The product changed: price it again, so the results describe what is on screen.
                    if (!err) compute('price');
                  }}>{t('apply', { name: r.solved.param })}</button>
                ) : null}
              </div>
            </fieldset>
          </ToolForm>
        }
        results={<>
          <ResultsRegion calc={calc}>
            <ResultList items={items1} columns={2} />
            {greekRows.length ? (
              <ResultTable caption={t('results.greeks')} rowKey={(x) => x.k} rows={greekRows} columns={[
                { key: 'name', header: t('results.greek'), value: (x) => x.name, format: fmt.text, rowHeader: true },
                { key: 'value', header: t('results.perPrincipal'), value: (x) => x.value, format: fmt.sig(6) },
                { key: 'stderr', header: t('results.stderr'), value: (x) => x.stderr, format: fmt.sig(3) },
                { key: 'amount', header: `${t('results.amount')} (${ccy})`, value: (x) => x.amount, format: fmt.amount(ccy) },
              ]} />
            ) : null}
          </ResultsRegion>
          <section className="sp-editor-wrap" aria-label={t('editor.title')}>
            <h2 className="kit-block__title">{t('editor.title')}</h2>
            <PayoffEditor src={inputs.src} diagnostics={diagnostics} form={analysis.form}
              onChange={(src) => set({ src })}
              onForm={ast ? (to) => set({ src: convertSource(ast, to) }) : undefined} />
          </section>
        </>}
      >
        <SharedItemNotice state={shared} />
        <div className="sp-lower">
          <Panel title={t('packages.title')} className="sp-lower__packages">
            <PackagesPanel items={items} current={ast ? { name: ast.name, version: ast.version } : null} valid={analysis.ok && !(prep && 'diagnostics' in prep)}
              firstError={firstError ? formatDiagnostic(firstError, lang) : null} openId={inputs.openId}
              payload={(version) => {
                const base = analyse(srcRef.current, existing);
                const r2 = base.ast && version !== base.ast.version ? applyEdit(srcRef.current, base.ast, { kind: 'version', version }) : { src: srcRef.current };
                return { src: 'src' in r2 ? r2.src : srcRef.current, principal: inputs.principal };
              }}
              onSaved={(id, src) => set({ openId: id, src })}
              onOpen={(p, item, own) => { set({ src: p.src, principal: p.principal ?? DEFAULT_INPUTS.principal, openId: own ? item.id : null }); calc.reset(); }}
              onRenamed={(id, name) => { if (id === inputs.openId) edit({ kind: 'name', name }); }}
              onDeleted={(id) => { if (id === inputs.openId) set({ openId: null }); }} />
          </Panel>
        <Panel title={t('table.title')} className="sp-lower__table" actions={ruleChoices.length ? (
          <SelectField label={t('table.on')} name="ruleShown" value={shownRule} onChange={(v: string) => setRuleShown(v)} onCommit={() => undefined} choices={ruleChoices} />
        ) : null}>
          {prepared && tableRows.length ? (
            <ResultTable caption={t('table.title')} hideCaption maxHeight={360} sortable exportName="observations" rowKey={(x, i) => `${x.rule}-${x.index}-${i}`}
              rows={tableRows} columns={[
                { key: 'date', header: t('table.date'), value: (x) => x.date.iso ?? null, format: fmt.date, rowHeader: true },
                { key: 'index', header: t('table.index'), value: (x) => x.index + 1, format: fmt.fixed(0) },
                ...levelNames.map((n) => ({ key: n, header: label(n), value: (x: (typeof tableRows)[number]) => x.levels[n] ?? null, format: fmt.fixed(4) })),
                { key: 'fixing', header: t('table.fixing'), value: (x) => (x.date.time <= 0 ? fixingOf(x.date.iso) : null), format: fmt.fixed(4) },
              ]} />
          ) : (
            <p className="sp-muted">{t('table.empty')}</p>
          )}
        </Panel>
        </div>
      </ToolLayout>
    </div>
  );
}
