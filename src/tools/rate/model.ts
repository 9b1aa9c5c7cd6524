// The public rate view's choices: the chart's series list, the headers of each table, and
// whether the page must say that some figures are sample or simulated. Pure.
import type { Lang } from '../../kit/locale';
import type { Benchmark, BenchmarkKey } from '../../kit/market-data/benchmarks';
import { shortName } from '../../kit/market-data/names';
import type { Observation, SeriesInfo } from '../../kit/market-data/series';

/** Every series of the tables, as chart choices (name with the table's name where ambiguous). */
export function chartChoices(tables: readonly Benchmark[], lang: Lang): Array<{ value: string; label: string }> {
  return tables.flatMap((b) =>
    b.series.map((s) => {
      const name = shortName(s, lang);
      // A bare pair is the central parity in the CNY parity table.
      const label = b.key === 'cnyParity' ? (lang === 'en' ? `${name} central parity` : `${name} 中间价`) : name;
      return { value: s.id, label };
    }),
  );
}

/** A row's name: the tenor alone in a one-curve table (SHIBOR, CGB), else the short name. */
export function rowLabel(key: BenchmarkKey, s: SeriesInfo, lang: Lang): string {
  return (key === 'shibor' || key === 'cgb') && s.tenor ? s.tenor : shortName(s, lang);
}

/** Which header names a table's first column. */
export function nameHeaderKey(key: BenchmarkKey): 'pair' | 'benchmark' | 'index' | 'tenor' {
  if (key === 'cnyParity' || key === 'fxSpot') return 'pair';
  if (key === 'fxFixings') return 'benchmark';
  if (key === 'cgb' || key === 'shibor') return 'tenor';
  return 'index';
}

export function valueHeaderKey(key: BenchmarkKey): 'value' | 'rate' | 'yield' {
  if (key === 'cnyParity' || key === 'fxFixings' || key === 'fxSpot') return 'value';
  return key === 'cgb' ? 'yield' : 'rate';
}

/** Which badges the page must explain (sample and simulated figures are never shown as live). */
export function noticeKinds(obs: ReadonlyArray<Observation | undefined>): { sample: boolean; simulated: boolean } {
  let sample = false;
  let simulated = false;
  for (const o of obs) {
    if (o?.sourceKind === 'sample') sample = true;
    if (o?.sourceKind === 'simulated') simulated = true;
  }
  return { sample, simulated };
}
