// /bondFutures: CFFEX TS/TF/T/TL. The deliverable basket of a contract month from BondSvr with
// the CFFEX conversion factors, each bond priced off the CGB curve; gross/net basis, carry,
// IRR, the CTD (highest IRR, highlighted) and how it switches when yields move. model.ts.
import { useAtom } from 'jotai';
import { useEffect, useMemo, useState } from 'react';
import { ChartConfigBuilder, UPlotChart } from '../../kit/charts';
import { ChoiceField, NumberField, PercentField, SelectField, TenorDateField } from '../../kit/fields';
import { useStrings } from '../../kit/i18n';
import { Panel, ToolActions, ToolForm, ToolLayout } from '../../kit/layout';
import { useLang } from '../../kit/locale';
import { useLatest, sourceName } from '../../kit/market-data';
import { deskToday } from '../../kit/market-data/figures';
import { fmt, formatValue, ResultList, ResultsRegion, ResultTable, SourceBadge } from '../../kit/results';
import { type BasketReply, bondApi } from '../fixedIncome/shared/bond-api';
import { bondLabel } from '../fixedIncome/shared/BondPicker';
import { useGovCurve } from '../fixedIncome/shared/curve';
import { dateOf, dateValue } from '../fixedIncome/shared/TermsFields';
import { useComputeFrom } from '../fixedIncome/shared/use-compute';
import { strings } from './i18n';
import { type BasketRow, CONTRACTS, basketEntries, computeBasket, ctdSwitches, listedMonths, type FutResult } from './model';
import { futAtom, type FutState } from './state';
import '../fixedIncome/style.css';

export default function BondFutures() {
  const { t } = useStrings(strings);
  const lang = useLang();
  const today = useMemo(() => deskToday(), []);
  const [s, setS] = useAtom(futAtom);
  const set = (patch: Partial<FutState>) => setS((x) => ({ ...x, ...patch }));
  const months = useMemo(() => listedMonths(today), [today]);
  const month = s.month && months.includes(s.month) ? s.month : months[0];
  const symbol = `${s.contract}${month}`;

  const [basket, setBasket] = useState<{ symbol: string; reply?: BasketReply; error?: Error }>({ symbol: '' });
  useEffect(() => {
    let live = true;
    bondApi().basket(symbol).then((reply) => live && setBasket({ symbol, reply }), (error: Error) => live && setBasket({ symbol, error }));
    return () => { live = false; };
  }, [symbol]);
  const reply = basket.symbol === symbol ? basket.reply : undefined;
  const entries = useMemo(() => (reply ? basketEntries(reply.bonds) : []), [reply]);

  const curve = useGovCurve('bond.CGB');
  const futId = `fut.CFFEX.${s.contract}`;
  const market = useLatest([futId, 'rate.FR007']);
  const fut = market.values.get(futId);
  const repo = market.values.get('rate.FR007');
  // The market price is read once per contract: a ticking quote does not move typed numbers.
  const [futAnchor, setFutAnchor] = useState<{ id: string; value: number } | null>(null);
  useEffect(() => { if (fut && futAnchor?.id !== futId) setFutAnchor({ id: futId, value: fut.value }); }, [fut, futId, futAnchor]);
  const marketFut = futAnchor?.id === futId ? futAnchor.value : null;

  const settlement = s.settlement ?? today;
  const delivery = s.deliveryDate ?? reply?.contract.lastDeliveryDay ?? null;
  const basketError = basket.symbol === symbol ? basket.error : undefined;
  const ready = (!!reply || !!basketError) && !curve.loading && (s.futuresPrice !== null || marketFut !== null || !market.loading);
  const job = useMemo(() => ({
    entries, curve: curve.tenorCurve, basketError,
    i: { settlement, deliveryDate: delivery, futuresPrice: s.futuresPrice ?? marketFut, repoPct: s.repoPct ?? repo?.value ?? null, curveShiftBp: s.curveShiftBp, yields: s.yields },
  }), [entries, curve.tenorCurve, basketError, settlement, delivery, s.futuresPrice, marketFut, s.repoPct, repo?.value, s.curveShiftBp, s.yields]);
  const { calc, now } = useComputeFrom(job, (j) => { if (j.basketError) throw j.basketError; return computeBasket(j.entries, j.curve, j.i); }, 300, ready);
  const r = calc.result;

  return (
    <div data-testid="bond-futures">
      <ToolLayout
        variant="stacked"
        title={t('title')}
        meta={<>{curve.provenance ? <SourceBadge provenance={curve.provenance} /> : null}{fut ? <SourceBadge provenance={fut} /> : null}</>}
        inputs={
          <ToolForm onSubmit={now} columns={4} actions={<ToolActions price priceLabel={t('price')} busy={calc.busy} />}>
            <ChoiceField label={t('contract')} name="contract" value={s.contract} onChange={(v) => set({ contract: v, futuresPrice: null })} choices={CONTRACTS.map((c) => ({ value: c, label: t(`contracts.${c}`) }))} className="bond-wide" />
            <SelectField label={t('month')} name="month" value={month} onChange={(v) => set({ month: v, deliveryDate: null })} choices={months.map((m) => ({ value: m, label: `${s.contract}${m}` }))} />
            <TenorDateField label={t('settlement')} name="settlement" dateOnly today={today} value={dateValue(settlement)} onChange={(v) => set({ settlement: dateOf(v) })} required />
            <TenorDateField label={t('deliveryDate')} name="deliveryDate" dateOnly today={today} value={dateValue(s.deliveryDate)} onChange={(v) => set({ deliveryDate: dateOf(v) })}
              hint={reply?.contract.lastDeliveryDay ? t('deliveryHint', { date: reply.contract.lastDeliveryDay }) : reply ? t('deliveryUnknown') : undefined} />
            <NumberField label={t('futuresPrice')} name="futuresPrice" value={s.futuresPrice} onChange={(v) => set({ futuresPrice: v })} min={0}
              hint={marketFut !== null ? t('marketHint', { value: formatValue(marketFut, fmt.fixed(3), lang) }) : undefined} />
            <PercentField label={t('repo')} name="repo" value={s.repoPct} onChange={(v) => set({ repoPct: v })}
              hint={repo ? t('marketHint', { value: `FR007 ${formatValue(repo.value, fmt.percent(4), lang)}` }) : undefined} />
            <NumberField label={t('curveShift')} name="curveShift" unit="bp" value={s.curveShiftBp} onChange={(v) => set({ curveShiftBp: v })} hint={t('curveShiftHint')} />
            {entries.map((e) => (
              <PercentField key={e.code} label={t('bondYield', { code: e.code })} name={`yield-${e.code}`} hint={t('bondYieldHint')} value={s.yields[e.code] ?? null}
                onChange={(v) => setS((x) => ({ ...x, yields: { ...x.yields, [e.code]: v } }))} />
            ))}
          </ToolForm>
        }
        results={
          <ResultsRegion calc={calc} aside={repo ? <SourceBadge provenance={repo} /> : null}>
            <ResultList columns={2} items={[
              { name: t('ctd'), value: r ? r.ctd.code : null, format: fmt.text, note: r ? bondLabel(r.ctd.entry.record, lang) : undefined },
              { name: t('ctdIrr'), value: r ? r.ctd.irr * 100 : null, format: fmt.percent(4) },
              { name: t('ctdNetBasis'), value: r?.ctd.netBasis, format: fmt.fixed(4) },
              { name: t('ctdCf'), value: r?.ctd.conversionFactor, format: fmt.fixed(4) },
              { name: t('futuresPrice'), value: r?.futuresPrice, format: fmt.fixed(3) },
              { name: t('deliveryDate'), value: r?.deliveryDate, format: fmt.date },
              { name: t('lastTradingDay'), value: reply?.contract.lastTradingDay ?? null, format: fmt.date },
            ]} />
            {r ? <BasketTable r={r} /> : null}
            {r ? <p className="kit-field__hint">{t('curveNote', { source: sourceName(curve.provenance?.source ?? '', lang) })}</p> : null}
          </ResultsRegion>
        }
        charts={r ? <SwitchPanel r={r} /> : null}
      />
    </div>
  );
}

function BasketTable({ r }: { r: FutResult }) {
  const { t } = useStrings(strings);
  const lang = useLang();
  return (
    <ResultTable<BasketRow>
      caption={t('basket')}
      rows={r.rows}
      rowKey={(x) => x.code}
      sortable
      exportName="ctd-basket"
      columns={[
        { key: 'code', header: t('code'), value: (x) => x.code, format: fmt.text, rowHeader: true, render: (x) => (x.rank === 1 ? <span className="bond-ctd">{x.code} <mark>{t('ctdBadge')}</mark></span> : x.code) },
        { key: 'maturity', header: t('maturity'), value: (x) => x.maturity, format: fmt.date },
        { key: 'coupon', header: `${t('coupon')} (%)`, value: (x) => x.entry.bond.coupon * 100, format: fmt.fixed(4) },
        { key: 'yield', header: `${t('yield')} (%)`, value: (x) => x.yield * 100, format: fmt.fixed(4), render: (x) => `${formatValue(x.yield * 100, fmt.fixed(4), lang)}${x.typed ? ' *' : ''}` },
        { key: 'clean', header: t('cleanPrice'), value: (x) => x.dirtyPrice - x.accrued, format: fmt.fixed(4) },
        { key: 'cf', header: t('cf'), value: (x) => x.conversionFactor, format: fmt.fixed(4) },
        { key: 'gross', header: t('grossBasis'), value: (x) => x.grossBasis, format: fmt.fixed(4) },
        { key: 'carry', header: t('carry'), value: (x) => x.carry, format: fmt.fixed(4) },
        { key: 'net', header: t('netBasis'), value: (x) => x.netBasis, format: fmt.fixed(4) },
        { key: 'irr', header: `${t('irr')} (%)`, value: (x) => x.irr * 100, format: fmt.fixed(4) },
        { key: 'rank', header: t('rank'), value: (x) => x.rank, format: fmt.fixed(0) },
      ]}
    />
  );
}

function SwitchPanel({ r }: { r: FutResult }) {
  const { t } = useStrings(strings);
  const lang = useLang();
  const codes = r.rows.map((x) => x.code);
  const config = useMemo(() => {
    const b = new ChartConfigBuilder('xy', lang).setX(`${t('shift')} (bp)`, fmt.fixed(0));
    for (const c of codes) b.addSeries({ label: c, format: fmt.fixed(4), points: true });
    return b.build();
  }, [lang, t, codes.join('|')]); // eslint-disable-line react-hooks/exhaustive-deps
  const data = useMemo(() => [Float64Array.from(r.scan, (p) => p.shiftBp), ...codes.map((_, k) => Float64Array.from(r.scan, (p) => p.netBasis[k]))] as const, [r]); // eslint-disable-line react-hooks/exhaustive-deps
  const switches = ctdSwitches(r.scan);
  return (
    <Panel title={t('switchTitle')} className="bond-wide">
      <p>{switches.length ? switches.map((w) => t('switchAt', { bp: w.atBp, from: w.from, to: w.to })).join('; ') : t('noSwitch')}</p>
      <UPlotChart config={config} data={data} label={t('switchChart')} height={280} />
      <ResultTable
        caption={t('switchTitle')}
        hideCaption
        rows={r.scan}
        rowKey={(p) => String(p.shiftBp)}
        maxHeight={320}
        columns={[
          { key: 'shift', header: `${t('shift')} (bp)`, value: (p) => p.shiftBp, format: fmt.fixed(0), rowHeader: true },
          { key: 'ctd', header: t('ctd'), value: (p) => p.ctd, format: fmt.text },
          { key: 'fut', header: t('theoFutures'), value: (p) => p.futuresPrice, format: fmt.fixed(4) },
          ...codes.map((c, k) => ({ key: `nb${k}`, header: `${t('netBasis')} ${c}`, value: (p: (typeof r.scan)[number]) => p.netBasis[k], format: fmt.fixed(4) })),
        ]}
      />
    </Panel>
  );
}
