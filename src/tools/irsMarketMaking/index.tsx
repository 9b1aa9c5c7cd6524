// /irsMarketMaking (internal): a swaption market-making grid. Every expiry x tenor of the
// (sample) swaption vol surface on the index's curves (market or saved on /curveConstruction): forward, strike, bid / mid / ask vols
// and premiums (mid vol -/+ the half spread the user sets), greeks per cell; heat maps of the
// mid vol and mid premium, the full table with CSV/XLSX export.
import { DataDateNote } from '../../kit/dates';
import { useMemo } from 'react';
import { z } from 'zod';
import { AmountField, ChoiceField, PercentField, SelectField } from '../../kit/fields';
import { useStrings } from '../../kit/i18n';
import { Panel, ToolActions, ToolForm, ToolLayout } from '../../kit/layout';
import { fmt, HeatMap, ResultList, ResultsRegion, ResultTable, SourceBadge } from '../../kit/results';
import { OfflinePricingNote } from '../../kit/pricing';
import { persistedAtom, toolCacheKey } from '../../kit/tool-state';
import type { GridQuoteReply, SwaptionGridReply } from '../../pricing-core/engines/rates/rate-option-calculator';
import { SAMPLE_SURFACE_SOURCE } from '../../pricing-core/market/rates-vol/sample-surfaces';
import { strings } from '../rateOption/i18n';
import { INDEX_LABEL, OPTION_INDICES, SWAPTION_GRID_METHOD, pct, type OptionIndex } from '../rateOption/model';
import { useRatePricing } from '../rateOption/use-rate-pricing';
import { CurvePicker, useCurveLabel } from '../curveConstruction/CurvePicker';
import { ratesStrings } from '../curveConstruction/i18n';
import '../rateOption/rate-option.css';
import { DEFAULT_MM, matrix, toGridRequest, type GridKind, type MmInputs } from './model';

const n = z.number().finite().nullable();
const mmAtom = persistedAtom<MmInputs>({
  key: toolCacheKey('irsMarketMaking'), version: 1, defaults: DEFAULT_MM,
  schema: z.object({ index: z.enum(OPTION_INDICES), notional: n, halfSpread: n, kind: z.enum(['payer', 'receiver', 'straddle']), offset: n }),
});

export default function IrsMarketMaking() {
  const { t } = useStrings(strings);
  const { t: tr } = useStrings(ratesStrings);
  const { inputs, set, market, choice, calc, ccy, price, offline } = useRatePricing<MmInputs, SwaptionGridReply>(mmAtom, SWAPTION_GRID_METHOD, toGridRequest);

  const r = calc.result;
  const notional = inputs.notional ?? 1;
  const vols = useMemo(() => (r ? matrix(r, (q) => pct(q.volMid)) : null), [r]);
  const prems = useMemo(() => (r ? matrix(r, (q) => (q.premiumMid / notional) * 1e4) : null), [r, notional]);
  const surfaceProvenance = market.asOf ? { source: SAMPLE_SURFACE_SOURCE, sourceKind: 'sample' as const, asOf: market.asOf } : null;
  const curveUsed = useCurveLabel(choice.saved, inputs.index, market.dataAsOf);

  return (
    <ToolLayout
      title={t('titleMm')}
      meta={<>{market.provenances.map((p) => <SourceBadge key={`${p.sourceKind}${p.source}`} provenance={p} />)}{surfaceProvenance ? <SourceBadge provenance={surfaceProvenance} /> : null}</>}
      inputs={
        <ToolForm className="ro-form" onSubmit={price} columns={2} actions={<ToolActions price priceLabel={t('price')} busy={calc.busy} />}>
          <SelectField<OptionIndex> label={t('index')} name="index" value={inputs.index} onChange={(v) => set({ index: v })}
            choices={OPTION_INDICES.map((i) => ({ value: i, label: INDEX_LABEL[i] }))} />
          <CurvePicker choice={choice} index={inputs.index} date={market.dataAsOf} />
          <DataDateNote dataDate={market.dataAsOf} valuationDate={market.asOf} />
          <AmountField label={t('notional')} name="notional" currency={ccy} value={inputs.notional} onChange={(v) => set({ notional: v })} required />
          <PercentField label={t('mmHalfSpread')} name="halfSpread" value={inputs.halfSpread} onChange={(v) => set({ halfSpread: v })} unit="%" hint={t('mmHalfSpreadHint')} required />
          <PercentField label={t('mmOffset')} name="offset" value={inputs.offset} onChange={(v) => set({ offset: v })} unit="%" />
          <ChoiceField<GridKind> label={t('mmKind')} name="kind" value={inputs.kind} onChange={(v) => set({ kind: v })}
            choices={(['payer', 'receiver', 'straddle'] as const).map((k) => ({ value: k, label: t(`kinds.${k}`) }))} />
        </ToolForm>
      }
      results={
        <ResultsRegion calc={calc} aside={offline ? <OfflinePricingNote /> : null}>
          {vols ? <h3 className="ro-map-title" aria-hidden="true">{t('mmMidVol')}</h3> : null}
          {vols ? <HeatMap caption={t('mmMidVol')} corner={t('expiriesCol')} rows={vols.rows} columns={vols.columns} values={vols.values} format={fmt.fixed(4)} /> : null}
          {prems ? <h3 className="ro-map-title" aria-hidden="true">{t('mmMidPremium')}</h3> : null}
          {prems ? <HeatMap caption={t('mmMidPremium')} corner={t('expiriesCol')} rows={prems.rows} columns={prems.columns} values={prems.values} format={fmt.fixed(2)} /> : null}
          {r ? <ResultList items={[{ name: tr('curve'), value: curveUsed, format: fmt.text, key: 'curveUsed' }]} /> : null}
          {r ? <p className="ro-note">{t('surfaceSample')} · {r.valuationDate}</p> : null}
        </ResultsRegion>
      }
      charts={r ? <QuoteTable reply={r} ccy={ccy} /> : null}
    />
  );
}

function QuoteTable({ reply, ccy }: { reply: SwaptionGridReply; ccy: string }) {
  const { t } = useStrings(strings);
  return (
    <Panel title={t('mmGrid')}>
      <ResultTable<GridQuoteReply>
        caption={t('mmGrid')}
        hideCaption
        sortable
        exportName="swaption-mm-grid"
        rows={reply.quotes}
        rowKey={(q) => `${q.expiry}x${q.tenor}/${q.kind}/${q.strike}`}
        maxHeight={520}
        columns={[
          { key: 'cell', header: `${t('mmCols.expiry')} x ${t('mmCols.tenor')}`, value: (q) => `${q.expiry}x${q.tenor}`, format: fmt.text, rowHeader: true },
          { key: 'forward', header: `${t('mmCols.forward')} (%)`, value: (q) => pct(q.forward), format: fmt.percent(4) },
          { key: 'strike', header: `${t('mmCols.strike')} (%)`, value: (q) => pct(q.strike), format: fmt.percent(4) },
          { key: 'volBid', header: `${t('mmCols.volBid')} (%)`, value: (q) => pct(q.volBid), format: fmt.fixed(4) },
          { key: 'volMid', header: `${t('mmCols.volMid')} (%)`, value: (q) => pct(q.volMid), format: fmt.fixed(4) },
          { key: 'volAsk', header: `${t('mmCols.volAsk')} (%)`, value: (q) => pct(q.volAsk), format: fmt.fixed(4) },
          { key: 'premiumBid', header: `${t('mmCols.premiumBid')} (${ccy})`, value: (q) => q.premiumBid, format: fmt.amount(ccy, 0) },
          { key: 'premiumMid', header: `${t('mmCols.premiumMid')} (${ccy})`, value: (q) => q.premiumMid, format: fmt.amount(ccy, 0) },
          { key: 'premiumAsk', header: `${t('mmCols.premiumAsk')} (${ccy})`, value: (q) => q.premiumAsk, format: fmt.amount(ccy, 0) },
          { key: 'delta', header: `${t('mmCols.delta')} (${ccy})`, value: (q) => q.delta * 1e-4, format: fmt.amount(ccy, 0, true) },
          { key: 'gamma', header: `${t('mmCols.gamma')} (${ccy})`, value: (q) => q.gamma * 1e-8, format: fmt.sig(4) },
          { key: 'vega', header: `${t('mmCols.vega')} (${ccy})`, value: (q) => q.vega * 1e-4, format: fmt.amount(ccy, 0) },
          { key: 'theta', header: `${t('mmCols.theta')} (${ccy})`, value: (q) => q.theta / 365, format: fmt.amount(ccy, 0, true) },
        ]}
      />
    </Panel>
  );
}
