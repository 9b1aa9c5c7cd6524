// /rateOptionMain (internal): the same rate option calculator as /rateOption plus the desk's
// surface and calibration controls: the index's swaption vol surface (sample, dated as the
// curves) with "use surface vol" for the priced expiry x tenor, and a SABR fit (beta fixed) to
// smile vols at strike offsets around the priced forward, applied back to the calculator.
import { useCallback, useMemo, useState } from 'react';
import { NumberField, PercentField } from '../../kit/fields';
import { useStrings } from '../../kit/i18n';
import { Panel } from '../../kit/layout';
import { bothLanguages } from '../../kit/market-data/failure';
import { fmt, HeatMap, ResultList, SourceBadge, ToolError, ToolFailure, useCalculation } from '../../kit/results';
import { OfflinePricingNote, pricingClient } from '../../kit/pricing';
import type { SabrCalibrationReply, SwaptionReply } from '../../pricing-core/engines/rates/rate-option-calculator';
import { rateCalendars } from '../../pricing-core/engines/rates/rate-option-calculator';
import { sabrNormalVol } from '../../pricing-core/market/sabr/sabr';
import { SAMPLE_SURFACE_SOURCE, sampleSwaptionSurface } from '../../pricing-core/market/rates-vol/sample-surfaces';
import { SwaptionVolSurface } from '../../pricing-core/market/rates-vol/swaption-vol-surface';
import { tenorMonths, parseTenor } from '../../pricing-core/dates/tenor';
import { Calculator, type CalculatorContext } from '../rateOption/Calculator';
import { strings } from '../rateOption/i18n';
import { INDEX_CCY, SABR_CALIBRATE_METHOD, asToolFailure, pct } from '../rateOption/model';
import { calcAtom } from '../rateOption/state';

const mainAtom = calcAtom('rateOptionMain');
export const OFFSETS_BP = [-100, -50, -25, 0, 25, 50, 100] as const;

export default function RateOptionMain() {
  const { t } = useStrings(strings);
  return <Calculator atom={mainAtom} title={t('titleMain')} aside={(ctx) => <DeskPanels ctx={ctx} />} />;
}

function DeskPanels({ ctx }: { ctx: CalculatorContext }) {
  const { t } = useStrings(strings);
  const { inputs, set, result, asOf } = ctx;
  const surface = useMemo(() => (asOf ? new SwaptionVolSurface(sampleSwaptionSurface(inputs.index, asOf), rateCalendars(INDEX_CCY[inputs.index])) : null), [inputs.index, asOf]);
  const swaption = result && result.product === 'swaption' ? (result as SwaptionReply) : null;
  const tenorYears = tenorMonths(parseTenor(inputs.tenor)) / 12;
  const [vols, setVols] = useState<(number | null)[]>(() => OFFSETS_BP.map(() => null));
  const [beta, setBeta] = useState<number | null>(0);
  const calib = useCalculation<SabrCalibrationReply & { offline: boolean }>();
  const words = useCallback((key: string, values?: Record<string, unknown>) => bothLanguages(strings, key, values), []);

  const fillFromSurface = () => {
    if (!surface || !swaption) return;
    const F = swaption.forwardSwapRate, T = swaption.expiryTime;
    const p = surface.sabrAt(T, tenorYears, F);
    setVols(OFFSETS_BP.map((o) => (p ? Math.round(sabrNormalVol(p, F, F + o / 1e4, T) * 1e8) / 1e6 : null)));
  };
  const calibrate = () => void calib.run(() => {
    if (!swaption) throw new ToolFailure('badInput', undefined, words('needPrice'));
    const points = OFFSETS_BP.flatMap((o, i) => (vols[i] !== null && vols[i]! > 0 ? [{ strike: swaption.forwardSwapRate + o / 1e4, vol: vols[i]! / 100 }] : []));
    if (points.length < 3 || beta === null || !(beta >= 0 && beta <= 1)) throw new ToolFailure('badInput', undefined, words('errors.calibration'));
    return pricingClient().call(SABR_CALIBRATE_METHOD, { forward: swaption.forwardSwapRate, expiryTime: swaption.expiryTime, beta, quote: 'normal', points })
      .then((r) => ({ ...(r.body as unknown as SabrCalibrationReply), offline: r.offline }), (e: unknown) => { throw asToolFailure(e, words); });
  });
  const fit = calib.result;
  const surfaceProvenance = asOf ? { source: SAMPLE_SURFACE_SOURCE, sourceKind: 'sample' as const, asOf } : null;

  return (
    <>
      <Panel title={t('surface')} actions={surfaceProvenance ? <SourceBadge provenance={surfaceProvenance} /> : null}>
        {surface ? (
          <HeatMap caption={t('surface')} corner={t('expiriesCol')} rows={surface.data.expiries} columns={surface.data.tenors}
            values={surface.data.atm.map((row) => row.map(pct))} format={fmt.fixed(4)} />
        ) : null}
        <div className="ro-actions">
          <button type="button" className="btn" disabled={!surface || !swaption}
            onClick={() => surface && swaption && set({ volModel: 'normal', vol: Math.round(surface.atmVol(swaption.expiryTime, tenorYears) * 1e8) / 1e6 })}>
            {t('useSurface')}
          </button>
        </div>
        <p className="ro-note">{t('surfaceSample')}</p>
      </Panel>
      <Panel title={t('calibration')}>
        <p className="ro-note">{swaption ? t('calibrationHint') : t('needPrice')}</p>
        <div className="ro-panel-row">
          {OFFSETS_BP.map((o, i) => (
            <PercentField key={o} label={t('offset', { bp: o > 0 ? `+${o}` : String(o) })} name={`smile${o}`} value={vols[i]} unit="%" onCommit={calibrate}
              onChange={(v) => setVols((xs) => xs.map((x, j) => (j === i ? v : x)))} />
          ))}
          <NumberField label={t('beta')} name="calibBeta" value={beta} onChange={setBeta} onCommit={calibrate} min={0} max={1} />
        </div>
        <div className="ro-actions">
          <button type="button" className="btn" onClick={fillFromSurface} disabled={!surface || !swaption}>{t('fromSurface')}</button>
          <button type="button" className="btn" onClick={calibrate}>{t('calibrate')}</button>
          <button type="button" className="btn" disabled={!fit} onClick={() => fit && set({ volModel: 'sabr', sabrQuote: 'normal', alpha: fit.alpha, beta: fit.beta, rho: fit.rho, nu: fit.nu })}>{t('apply')}</button>
        </div>
        <div aria-busy={calib.busy || undefined}>
          <ToolError error={calib.error} />
          {fit?.offline && <OfflinePricingNote />}
          {fit ? (
            <ResultList items={[
              { name: t('alpha'), value: fit.alpha, format: fmt.sig(6) },
              { name: t('beta'), value: fit.beta, format: fmt.sig(4) },
              { name: t('rho'), value: fit.rho, format: fmt.fixed(4, true) },
              { name: t('nu'), value: fit.nu, format: fmt.fixed(4) },
              { name: t('rmse'), unit: '(%)', value: pct(fit.rmse), format: fmt.sig(3) },
            ]} />
          ) : null}
        </div>
      </Panel>
    </>
  );
}
