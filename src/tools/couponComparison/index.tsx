// /couponComparison: 2 to 4 bonds side by side: yield, price, duration, DV01, spread to the
// CGB curve and carry over a horizon. Bonds from BondSvr; yields typed or from the issuer curve.
import { useAtom } from 'jotai';
import { useEffect, useMemo, useState } from 'react';
import type { BondView } from '../../kit/bonds/contract';
import { NumberField, PercentField, TenorDateField } from '../../kit/fields';
import { useStrings } from '../../kit/i18n';
import { ToolActions, ToolForm, ToolLayout } from '../../kit/layout';
import { useLang } from '../../kit/locale';
import { useLatest } from '../../kit/market-data';
import { useTradeDay } from '../../kit/dates';
import { fmt, formatValue, ResultsRegion, ResultTable, SourceBadge, type ValueFormat } from '../../kit/results';
import { bondApi } from '../fixedIncome/shared/bond-api';
import { BondPicker } from '../fixedIncome/shared/BondPicker';
import { useGovCurve } from '../fixedIncome/shared/curve';
import { dateOf, dateValue } from '../fixedIncome/shared/TermsFields';
import { useComputeFrom } from '../fixedIncome/shared/use-compute';
import { sharedStrings } from '../fixedIncome/shared/i18n';
import { strings } from './i18n';
import { type CmpColumn, computeComparison } from './model';
import { cmpAtom, type CmpState } from './state';
import '../fixedIncome/style.css';

/** Records of the codes on screen, fetched once each. */
function useRecords(codes: readonly (string | null)[]) {
  const [records, setRecords] = useState<Record<string, BondView>>({});
  const [missing, setMissing] = useState<Record<string, true>>({});
  const key = codes.filter(Boolean).join('|');
  useEffect(() => {
    let live = true;
    for (const c of codes) {
      if (!c || records[c] || missing[c]) continue;
      bondApi().get(c).then((b) => live && setRecords((r) => ({ ...r, [c]: b })), () => live && setMissing((m) => ({ ...m, [c]: true })));
    }
    return () => { live = false; };
  }, [key]); // eslint-disable-line react-hooks/exhaustive-deps
  return { records, add: (b: BondView) => setRecords((r) => ({ ...r, [b.code]: b })), pending: codes.some((c) => c && !records[c] && !missing[c]) };
}

interface Row { key: string; label: string; values: (number | string | null)[]; format: ValueFormat }

export default function CouponComparison() {
  const { t } = useStrings(strings);
  const { t: ts } = useStrings(sharedStrings);
  const lang = useLang();
  const today = useTradeDay(['CNY']).date; // settlement on a CNY business day
  const [s, setS] = useAtom(cmpAtom);
  const set = (patch: Partial<CmpState>) => setS((x) => ({ ...x, ...patch }));
  const { records, add, pending } = useRecords(s.codes);
  const cgb = useGovCurve('bond.CGB'), cdb = useGovCurve('bond.CDB'), lgb = useGovCurve('bond.LGB');
  const aaa = useGovCurve('credit.MTN.AAA'), aap = useGovCurve('credit.MTN.AA+'), aa = useGovCurve('credit.MTN.AA');
  const curves = useMemo(() => ({ 'bond.CGB': cgb.tenorCurve, 'bond.CDB': cdb.tenorCurve, 'bond.LGB': lgb.tenorCurve, 'credit.MTN.AAA': aaa.tenorCurve, 'credit.MTN.AA+': aap.tenorCurve, 'credit.MTN.AA': aa.tenorCurve }),
    [cgb.tenorCurve, cdb.tenorCurve, lgb.tenorCurve, aaa.tenorCurve, aap.tenorCurve, aa.tenorCurve]);
  const loading = cgb.loading || cdb.loading || lgb.loading || aaa.loading || aap.loading || aa.loading || pending;
  const repo = useLatest(['rate.FR007']).values.get('rate.FR007');
  const job = useMemo(() => ({
    bonds: s.codes.flatMap((c, k) => (c && records[c] ? [{ record: records[c], yieldPct: s.yields[k] }] : [])),
    curves, o: { settlement: s.settlement ?? today, horizonDays: s.horizonDays, repoPct: s.repoPct ?? repo?.value ?? null },
  }), [s, records, curves, today, repo?.value]);
  const { calc, now } = useComputeFrom(job, (j) => computeComparison(j.bonds, j.curves, j.o), 300, !loading && (s.repoPct !== null || !!repo));
  const r = calc.result;
  const cols = r?.columns ?? [];
  const per = (f: (c: CmpColumn) => number | string | null) => cols.map(f);
  const rows: Row[] = r ? [
    { key: 'name', label: t('name'), values: per((c) => (lang === 'en' && c.record.nameEn ? c.record.nameEn : c.record.name) + (c.record.sample ? (lang === 'en' ? ' (sample)' : '（样例）') : '')), format: fmt.text },
    { key: 'maturity', label: t('maturity'), values: per((c) => c.record.maturityDate), format: fmt.date },
    { key: 'coupon', label: t('coupon'), values: per((c) => c.record.coupon * 100), format: fmt.fixed(4) },
    { key: 'yield', label: t('yield'), values: per((c) => c.analytics.yield * 100), format: fmt.fixed(4) },
    { key: 'source', label: t('yieldSource'), values: per((c) => (c.yieldSource === 'typed' ? t('typed') : c.yieldSource.replace(/^(bond|credit)\./, '').replace('.', ' '))), format: fmt.text },
    { key: 'clean', label: t('cleanPrice'), values: per((c) => c.analytics.cleanPrice), format: fmt.fixed(4) },
    { key: 'dirty', label: t('dirtyPrice'), values: per((c) => c.analytics.dirtyPrice), format: fmt.fixed(4) },
    { key: 'accrued', label: t('accrued'), values: per((c) => c.analytics.accrued), format: fmt.fixed(4) },
    { key: 'years', label: t('years'), values: per((c) => c.years), format: fmt.fixed(3) },
    { key: 'mdur', label: t('modifiedDuration'), values: per((c) => c.analytics.modifiedDuration), format: fmt.fixed(4) },
    { key: 'convexity', label: t('convexity'), values: per((c) => c.analytics.convexity), format: fmt.fixed(4) },
    { key: 'dv01', label: t('dv01'), values: per((c) => c.analytics.dv01), format: fmt.fixed(6) },
    { key: 'spread', label: t('spread'), values: per((c) => c.spreadBp), format: fmt.fixed(2) },
    { key: 'carry', label: t('carry'), values: per((c) => c.carry), format: fmt.fixed(4, true) },
    { key: 'carryBp', label: t('carryBp'), values: per((c) => c.carryBp), format: fmt.fixed(2, true) },
    { key: 'financing', label: t('financing'), values: per((c) => c.financing), format: fmt.fixed(4) },
  ] : [];

  return (
    <div data-testid="coupon-comparison">
      <ToolLayout
        variant="stacked"
        title={t('title')}
        meta={cgb.provenance ? <SourceBadge provenance={cgb.provenance} /> : null}
        inputs={
          <ToolForm onSubmit={now} columns={4} actions={<ToolActions price priceLabel={t('price')} busy={calc.busy} />}>
            {s.codes.map((code, k) => (
              <div key={k} className="cmp-pair">
                <BondPicker name={`bond${k + 1}`} label={t('bondN', { n: k + 1 })} manualLabel={t('none')} value={code}
                  onPick={(b) => { if (b) add(b); set({ codes: s.codes.map((c, j) => (j === k ? b?.code ?? null : c)) }); }} />
                <PercentField label={t('yieldN', { n: k + 1 })} name={`yield${k + 1}`} hint={t('yieldHint')} value={s.yields[k]} onChange={(v) => set({ yields: s.yields.map((y, j) => (j === k ? v : y)) })} />
              </div>
            ))}
            <TenorDateField label={ts('settlement')} name="settlement" dateOnly today={today} value={dateValue(s.settlement ?? today)} onChange={(v) => set({ settlement: dateOf(v) })} />
            <NumberField label={t('horizon')} name="horizon" unit={lang === 'en' ? 'days' : '天'} value={s.horizonDays} onChange={(v) => set({ horizonDays: v })} integer min={1} />
            <PercentField label={t('repo')} name="repo" value={s.repoPct} onChange={(v) => set({ repoPct: v })} hint={repo ? `FR007 ${formatValue(repo.value, fmt.percent(4), lang)}` : undefined} />
          </ToolForm>
        }
        results={
          <ResultsRegion calc={calc} aside={repo ? <SourceBadge provenance={repo} /> : null}>
            {r ? (
              <ResultTable<Row>
                caption={t('table')}
                rows={rows}
                rowKey={(x) => x.key}
                exportName="bond-comparison"
                columns={[
                  { key: 'metric', header: t('metric'), value: (x) => x.label, format: fmt.text, rowHeader: true },
                  ...cols.map((c, k) => ({ key: `b${k}`, header: c.code, value: (x: Row) => x.values[k], render: (x: Row) => formatValue(x.values[k], x.format, lang) })),
                ]}
              />
            ) : null}
            {r ? <p className="kit-field__hint">{t('note', { days: r.days, date: r.horizon })}</p> : null}
          </ResultsRegion>
        }
      />
    </div>
  );
}
