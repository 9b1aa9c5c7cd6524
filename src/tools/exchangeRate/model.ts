// /exchangeRate: which lines the history chart draws for a chosen pair, from the catalogue.
// A CNY pair shows its central parity with the spot close (scaled to the parity's quote unit,
// e.g. x100 for JPY) and, for USD/CNY, the 16:30 close; USD/CNH shows the HK TMA fixing; other
// pairs their spot; the CFETS RMB index itself. Pure.
import type { Lang } from '../../kit/locale';
import type { HistoryLine } from '../../kit/market-data/HistoryChart';
import { pairName } from '../../kit/market-data/names';
import type { SeriesInfo } from '../../kit/market-data/series';

export const INDEX_CHOICE = 'CFETS';

/** The chart's choices: every pair with a parity or a spot (parity pairs first), then the index. */
export function chartPairs(catalog: readonly SeriesInfo[]): Array<{ value: string; label: string }> {
  const seen = new Set<string>();
  const out: Array<{ value: string; label: string }> = [];
  const add = (pair: string | undefined) => {
    if (!pair || seen.has(pair)) return;
    seen.add(pair);
    out.push({ value: pair, label: pairName(pair) });
  };
  for (const s of catalog) if (s.id.startsWith('fxfix.CP.')) add(s.pair);
  for (const s of catalog) if (s.kind === 'fxSpot') add(s.pair);
  if (catalog.some((s) => s.id === 'fxidx.CFETS')) out.push({ value: INDEX_CHOICE, label: 'CFETS RMB index' });
  return out;
}

const WORDS = {
  zh: { parity: '中间价', spot: '即期收盘', close: '16:30 收盘价', tma: 'TMA 定盘价', index: 'CFETS 人民币汇率指数', ecb: '欧洲央行参考汇率', ecbCross: '欧洲央行参考汇率交叉盘', h10: '美联储 H.10 午间汇率' },
  en: { parity: 'central parity', spot: 'spot close', close: '16:30 close', tma: 'TMA fixing', index: 'CFETS RMB index', ecb: 'ECB reference rate', ecbCross: 'ECB reference cross', h10: 'Fed H.10 noon rate' },
} as const;

export function chartLines(choice: string, catalog: readonly SeriesInfo[], lang: Lang): HistoryLine[] {
  const w = WORDS[lang];
  const byId = new Map(catalog.map((s) => [s.id, s]));
  if (choice === INDEX_CHOICE) return byId.has('fxidx.CFETS') ? [{ id: 'fxidx.CFETS', label: w.index }] : [];
  const lines: HistoryLine[] = [];
  const cp = byId.get(`fxfix.CP.${choice}`);
  const per = cp?.per ?? 1;
  if (cp) lines.push({ id: cp.id, label: `${pairName(choice, per)} ${w.parity}` });
  const spot = byId.get(`fx.${choice}`);
  if (spot) lines.push({ id: spot.id, label: `${pairName(choice, per)} ${w.spot}`, scale: per / (spot.per ?? 1), dash: cp ? [5, 3] : undefined });
  const close = byId.get(`fxfix.CLOSE.${choice}`);
  if (close) lines.push({ id: close.id, label: `${pairName(choice)} ${w.close}`, dash: [2, 3] });
  const tma = byId.get(`fxfix.TMA.${choice}`);
  if (tma) lines.push({ id: tma.id, label: `${pairName(choice)} ${w.tma}`, dash: [2, 3] });
  // Real published history (ref.*, when the catalogue passed in has it): the ones not
  // already drawn inside the spot line (a ref series with historyOf = the spot is its past).
  for (const [id, word] of [[`ref.ECB.${choice}`, choice.startsWith('EUR') ? w.ecb : w.ecbCross], [`ref.H10.${choice}`, w.h10]] as const) {
    const r = byId.get(id);
    if (r && r.historyOf !== spot?.id) lines.push({ id, label: `${pairName(choice)} ${word}`, scale: per / (r.per ?? 1), dash: [1, 2] });
  }
  return lines;
}

/** Decimals of the chart's legend: the most precise of its lines. */
export function chartDecimals(lines: readonly HistoryLine[], catalog: readonly SeriesInfo[]): number {
  const byId = new Map(catalog.map((s) => [s.id, s]));
  let d = 2;
  for (const l of lines) {
    const s = byId.get(l.id);
    // A scaled line (JPY spot x100) loses two decimals of its own quote.
    if (s) d = Math.max(d, s.decimals - Math.round(Math.log10(l.scale ?? 1)));
  }
  return d;
}
