// /swapStrategy: span, basis, basis-span and butterfly strategies on FX swap points (SPEC
// spread-type codes), their live level, history chart and the level's percentile in the
// stored history. Maths: model.ts; data: the fwd.* series (sample, labelled).
import { useAtom } from 'jotai';
import { useMemo } from 'react';
import { ChartConfigBuilder, UPlotChart } from '../../kit/charts';
import { SelectField } from '../../kit/fields';
import { useStrings } from '../../kit/i18n';
import { Panel, ToolForm, ToolLayout } from '../../kit/layout';
import { useLang } from '../../kit/locale';
import { useHistory, useLatest } from '../../kit/market-data';
import { commonProvenance, notRealKinds } from '../../kit/market-data/figures';
import { marketFailure } from '../../kit/market-data/failure';
import { fmt, ResultList, ResultsRegion, ResultTable, SourceBadge, ToolFailure } from '../../kit/results';
import { strings } from './i18n';
import { CODE_OF, legsOf, levelOf, MARKETS, statsOf, strategyHistory, TENORS, tenorError, type Strategy, type StrategyKind } from './model';
import { strategyAtom } from './state';

const KINDS: StrategyKind[] = ['span', 'basis', 'basisSpan', 'butterfly'];

export default function SwapStrategy() {
  const { t } = useStrings(strings);
  const lang = useLang();
  const [s, setS] = useAtom(strategyAtom);
  const set = (k: keyof Strategy, v: string | null) => v && setS((p) => ({ ...p, [k]: v }));
  const bad = tenorError(s);
  const legs = useMemo(() => (bad ? [] : legsOf(s)), [s, bad]);
  const ids = useMemo(() => legs.map((l) => l.id), [legs]);
  const latest = useLatest(ids);
  const history = useHistory(ids);
  const level = levelOf(legs, latest.values);
  const hist = useMemo(() => (history.data ? strategyHistory(legs, history.data.series) : { x: [], y: [] }), [history.data, legs]);
  const stats = level === null ? null : statsOf(hist.y, level);
  const code = CODE_OF[s.kind];
  const name = `${t(s.kind)} ${code.name}`;
  const provenance = commonProvenance(ids.map((id) => latest.values.get(id)));
  // Percentiles of a sample history are not market percentiles: the screen says so.
  const notReal = useMemo(() => notRealKinds(history.data, latest.values.values()), [history.data, latest.values]);

  const config = useMemo(() => new ChartConfigBuilder('time', lang).addSeries({ label: name, format: fmt.fixed(2) }).build(), [lang, name]);
  const data = useMemo(() => [Float64Array.from(hist.x), Float64Array.from(hist.y)] as const, [hist]);
  const error = bad ? new ToolFailure('badInput', undefined, { zh: strings.zh.order as string, en: strings.en.order as string }) : history.error ? marketFailure(history.error) : null;
  const tenorChoices = TENORS.map((x) => ({ value: x, label: x }));

  return (
    <div data-testid="swap-strategy">
      <ToolLayout
        title={t('title')}
        meta={<SourceBadge provenance={provenance} />}
        inputs={
          <ToolForm onSubmit={() => undefined} columns={2}>
            <SelectField label={t('kind')} name="kind" value={s.kind} onChange={(v) => set('kind', v)} choices={KINDS.map((k) => ({ value: k, label: `${t(k)} (${CODE_OF[k].name} ${CODE_OF[k].code})` }))} />
            <SelectField label={t('market')} name="market" value={s.market} onChange={(v) => set('market', v)} choices={MARKETS.map((m) => ({ value: m, label: t(m) }))} />
            <SelectField label={t('near')} name="near" value={s.near} onChange={(v) => set('near', v)} choices={tenorChoices} />
            {s.kind === 'butterfly' ? <SelectField label={t('mid')} name="mid" value={s.mid} onChange={(v) => set('mid', v)} choices={tenorChoices} /> : null}
            {s.kind !== 'basis' ? <SelectField label={t('far')} name="far" value={s.far} onChange={(v) => set('far', v)} choices={tenorChoices} /> : null}
            <p className="kit-md-note">{t(`formula.${s.kind}`)}</p>
          </ToolForm>
        }
        results={
          <ResultsRegion busy={!bad && (latest.loading || history.loading)} error={error} aside={<SourceBadge provenance={provenance} />}>
            <ResultList
              columns={2}
              items={[
                { name: t('code'), value: bad ? null : code.code, format: fmt.fixed(0), note: code.name },
                { name: t('level'), value: level, format: fmt.fixed(2, true), unit: '(pips)', live: true },
                { name: t('percentile'), value: stats?.percentile, format: fmt.fixed(1), unit: '(%)' },
                { name: t('z'), value: stats?.z, format: fmt.fixed(2, true) },
                { name: t('min'), value: stats?.min, format: fmt.fixed(2, true), unit: '(pips)' },
                { name: t('max'), value: stats?.max, format: fmt.fixed(2, true), unit: '(pips)' },
                { name: t('mean'), value: stats?.mean, format: fmt.fixed(2, true), unit: '(pips)' },
                { name: t('n'), value: stats?.n, format: fmt.fixed(0) },
                { name: t('from'), value: hist.x.length ? new Date(hist.x[0] * 1000).toISOString().slice(0, 10) : null, format: fmt.date },
              ]}
            />
            <ResultTable
              caption={t('legs')}
              rowKey={(r) => r.id}
              rows={legs.map((l) => ({ ...l, value: latest.values.get(l.id)?.value ?? null }))}
              columns={[
                { key: 'id', header: t('leg'), value: (r) => r.id, format: fmt.text, rowHeader: true },
                { key: 'weight', header: t('weight'), value: (r) => r.weight, format: fmt.fixed(0, true) },
                { key: 'value', header: t('value'), value: (r) => r.value, format: fmt.fixed(2, true) },
              ]}
            />
          </ResultsRegion>
        }
        charts={
          <Panel title={t('history')} actions={<SourceBadge provenance={provenance} />}>
            {hist.x.length ? <UPlotChart config={config} data={data} label={t('chartLabel', { name })} height={280} /> : null}
            {notReal.length ? <p className="kit-md-note" data-testid="strategy-not-real">{t('notReal', { kinds: notReal.map((k) => t(`kinds.${k}`)).join(lang === 'zh' ? '、' : ' / ') })}</p> : null}
          </Panel>
        }
      />
    </div>
  );
}
