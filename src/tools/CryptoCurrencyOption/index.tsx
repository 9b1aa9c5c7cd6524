// /CryptoCurrencyOption: BTC and ETH options as the large venues trade them, inverse
// (coin-margined, premium in coin) or linear (USD-settled); 24/7 calendar, time to expiry in
// minutes (UTC, 08:00 venue expiry); premium and greeks in coin and USD; implied vol from a
// market price. Index and ATM vols from market data (sample, labelled). Maths in model.ts and
// src/pricing-core/engines/crypto-option-calculator.
import { useAtom } from 'jotai';
import { useMemo, useState } from 'react';
import { ChoiceField, NumberField, PercentField, TenorDateField } from '../../kit/fields';
import { useStrings } from '../../kit/i18n';
import { ToolActions, ToolForm, ToolLayout } from '../../kit/layout';
import { useLatest } from '../../kit/market-data';
import { OfflinePricingNote, usePricing } from '../../kit/pricing';
import { fmt, ResultList, ResultsRegion, SourceBadge } from '../../kit/results';
import { ImpliedBlock, ValueChart } from '../CSIOptionCalculator/parts';
import { pricingFailure } from '../CSIOptionCalculator/pricing-error';
import { useMarketFill } from '../CSIOptionCalculator/use-market-fill';
import '../CSIOptionCalculator/listed.css';
import { strings } from './i18n';
import { COINS, contractSizeOf, defaultExpiry, fromReply, marketFill, minutesToExpiry, seriesIds, toCall, utcNow, type ScreenInputs } from './model';
import { inputsAtom, type Inputs } from './state';
import { TimeField } from './TimeField';

export default function CryptoCurrencyOption() {
  const { t } = useStrings(strings);
  const [inputs, setInputs] = useAtom(inputsAtom);
  const [valuation, setValuation] = useState<{ date: string | null; time: string | null }>(() => utcNow());
  const ids = useMemo(() => seriesIds(inputs.coin), [inputs.coin]);
  const latest = useLatest(ids);

  const screen: ScreenInputs = useMemo(() => ({ ...inputs, valuationDate: valuation.date, valuationTime: valuation.time }), [inputs, valuation]);
  const [fillFor, setFillFor] = useState<string | null>(() => (inputs.index === null || inputs.expiryDate === null ? inputs.coin : null));
  useMarketFill(fillFor !== null, ids, `crypto.${inputs.coin}`, latest, (values) => {
    setInputs((prev) => {
      const expiryDate = prev.expiryDate ?? defaultExpiry(valuation.date ?? utcNow().date);
      if (!values) return { ...prev, expiryDate };
      return { ...prev, expiryDate, ...marketFill(prev.coin, (id) => values.get(id)?.value, minutesToExpiry({ ...screen, expiryDate })) };
    });
    setFillFor(null);
  });

  const set = <K extends keyof Inputs>(k: K, v: Inputs[K]) => setInputs((prev) => ({ ...prev, [k]: v }));
  const pickCoin = (coin: Inputs['coin']) => {
    if (coin === inputs.coin) return;
    // The other coin's index, strike and vol are never priced against this one: cleared, then filled from its market.
    setInputs((prev) => ({ ...prev, coin, index: null, strike: null, vol: null, forward: null, marketPrice: null, contractSize: contractSizeOf(coin, prev.settlement) }));
    setFillFor(coin);
  };
  const pickSettlement = (settlement: Inputs['settlement']) =>
    setInputs((prev) => ({ ...prev, settlement, marketPrice: null, contractSize: contractSizeOf(prev.coin, settlement) }));

  const pricing = usePricing({ prepare: toCall, read: fromReply }, screen);
  const filling = fillFor !== null;
  const res = filling ? null : pricing.result;
  const row = res?.row;
  const coin = inputs.coin;
  const index = res?.index ?? null;
  const source = latest.values.get(`crypto.${coin}`) ?? null;

  const r = (k: string) => t(`results.${k}`);
  const usd = fmt.amount('USD', 2);
  const c = fmt.fixed(coin === 'BTC' ? 6 : 5);
  const perCoin = (x: number | undefined) => (x === undefined || index === null ? null : x / index);
  return (
    <div data-testid="crypto-option">
      <ToolLayout
        title={t('title')}
        meta={<SourceBadge provenance={source} />}
        inputs={
          <ToolForm onSubmit={pricing.commit} columns={2}
            actions={
              <ToolActions price busy={pricing.busy}>
                <button type="button" className="btn" onClick={() => setValuation(utcNow())}>{t('now')}</button>
                <button type="button" className="btn" onClick={() => setFillFor(inputs.coin)}>{t('refill')}</button>
              </ToolActions>
            }
          >
            <ChoiceField label={t('coin')} name="coin" value={coin} onChange={pickCoin} choices={COINS.map((x) => ({ value: x, label: x }))} />
            <ChoiceField label={t('settlement')} name="settlement" hint={t('settlementHint')} value={inputs.settlement} onChange={pickSettlement}
              choices={[{ value: 'inverse', label: t('inverse') }, { value: 'linear', label: t('linear') }]} />
            <ChoiceField label={t('type')} name="type" value={inputs.type} onChange={(v) => set('type', v)} choices={[{ value: 'call', label: t('call') }, { value: 'put', label: t('put') }]} />
            <ChoiceField label={t('direction')} name="direction" value={inputs.direction} onChange={(v) => set('direction', v)} choices={[{ value: 'buy', label: t('buy') }, { value: 'sell', label: t('sell') }]} />
            <TenorDateField label={t('expiry')} name="expiry" dateOnly value={inputs.expiryDate ? { kind: 'date', date: inputs.expiryDate } : null}
              isBusinessDay={() => true} onChange={(v) => set('expiryDate', v?.kind === 'date' ? v.date : null)} />
            <TimeField label={t('expiryTime')} name="expiryTime" unit="UTC" hint={t('expiryTimeHint')} value={inputs.expiryTime} invalidText={t('timeInvalid')}
              onChange={(v) => v !== null && set('expiryTime', v)} required />
            <TenorDateField label={t('valuationDate')} name="valuationDate" dateOnly isBusinessDay={() => true} value={valuation.date ? { kind: 'date', date: valuation.date } : null}
              onChange={(v) => setValuation((p) => ({ ...p, date: v?.kind === 'date' ? v.date : null }))} />
            <TimeField label={t('valuationTime')} name="valuationTime" unit="UTC" value={valuation.time} invalidText={t('timeInvalid')}
              onChange={(v) => setValuation((p) => ({ ...p, time: v }))} required />
            <NumberField label={t('index')} name="index" unit="USD" value={inputs.index} onChange={(v) => set('index', v)} min={0} required />
            <NumberField label={t('forward')} name="forward" unit="USD" hint={t('forwardHint')} value={inputs.forward} onChange={(v) => set('forward', v)} min={0} />
            <NumberField label={t('strike')} name="strike" unit="USD" value={inputs.strike} onChange={(v) => set('strike', v)} min={0} required />
            <PercentField label={t('vol')} name="vol" value={inputs.vol} onChange={(v) => set('vol', v)} min={0} required />
            <PercentField label={t('rate')} name="rate" value={inputs.r} onChange={(v) => set('r', v)} required />
            <NumberField label={t('contracts')} name="contracts" value={inputs.contracts} onChange={(v) => set('contracts', v)} min={0} required />
            <NumberField label={t('contractSize')} name="contractSize" unit={coin} value={inputs.contractSize} onChange={(v) => set('contractSize', v)} min={0} required />
            <NumberField label={t('marketPrice')} name="marketPrice" unit={inputs.settlement === 'inverse' ? coin : 'USD'}
              hint={t(inputs.settlement === 'inverse' ? 'marketPriceHintInverse' : 'marketPriceHintLinear')} value={inputs.marketPrice} onChange={(v) => set('marketPrice', v)} min={0} />
          </ToolForm>
        }
        results={
          <ResultsRegion busy={pricing.busy || filling} error={filling ? null : pricingFailure(pricing.error)} aside={pricing.offline && res ? <OfflinePricingNote /> : null}>
            <p className="lo-note">{t('sampleNote')}</p>
            <ResultList columns={1} items={[
              { name: r('model'), value: t(inputs.settlement === 'inverse' ? 'modelInverse' : 'modelLinear'), format: fmt.text },
              { name: r('minutes'), value: row?.minutes ?? null, format: fmt.fixed(0) },
              { name: r('t'), value: row?.t ?? null, format: fmt.fixed(6) },
              { name: r('forward'), value: row ? (inputs.forward ?? index) : null, format: fmt.fixed(2) },
            ]} />
            <h3 className="lo-subtitle">{t('perCoin')}</h3>
            <ResultList columns={1} items={[
              { name: r('coinPremium'), unit: `(${coin})`, value: row?.coin ?? null, format: c },
              { name: r('usdPremium'), unit: '(USD)', value: row?.usd ?? null, format: usd },
              { name: r('delta'), unit: `(${coin})`, value: row?.delta ?? null, format: fmt.fixed(4) },
              { name: r('deltaUsd'), value: row && index !== null ? row.delta * index : null, format: usd },
              { name: r('deltaBs'), value: row?.deltaBlackScholes ?? null, format: fmt.fixed(4) },
              { name: r('gamma'), unit: `(${coin})`, value: row && index !== null ? row.gamma * (inputs.forward ?? index) * 0.01 : null, format: fmt.fixed(4) },
              { name: r('vega'), unit: '(USD)', value: row ? row.vega / 100 : null, format: usd },
              { name: r('vegaCoin'), value: perCoin(row ? row.vega / 100 : undefined), format: c },
              { name: r('theta'), unit: '(USD)', value: row ? row.theta / 365 : null, format: usd },
              { name: r('thetaCoin'), value: perCoin(row ? row.theta / 365 : undefined), format: c },
            ]} />
            <h3 className="lo-subtitle">{t('position')}</h3>
            <ResultList columns={1} items={[
              { name: r('positionCoin'), value: row?.position.coin ?? null, format: c },
              { name: r('positionUsd'), value: row?.position.usd ?? null, format: usd },
              { name: r('positionDelta'), unit: `(${coin})`, value: row?.position.delta ?? null, format: fmt.fixed(4) },
              { name: r('positionDeltaUsd'), value: row && index !== null ? row.position.delta * index : null, format: usd },
              { name: r('positionGamma'), unit: `(${coin})`, value: row?.position.gamma ?? null, format: fmt.fixed(4) },
              { name: r('positionVega'), unit: '(USD)', value: row?.position.vega ?? null, format: usd },
              { name: r('positionTheta'), unit: '(USD)', value: row?.position.theta ?? null, format: usd },
            ]} />
            {inputs.marketPrice !== null ? (
              <ImpliedBlock error={res?.implied && 'error' in res.implied ? res.implied.error : null}
                items={[{ name: r('impliedVol'), value: res?.implied && 'vol' in res.implied ? res.implied.vol : null, format: fmt.percent(4) }]} />
            ) : null}
          </ResultsRegion>
        }
        charts={<ValueChart title={t('chart')} xLabel={t('chartX')} todayLabel={t('chartToday')} expiryLabel={t('chartExpiry')} xDecimals={0} yDecimals={2} curve={res?.chart ?? null} />}
      />
    </div>
  );
}
