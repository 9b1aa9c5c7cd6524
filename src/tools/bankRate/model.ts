// /bankRate: central bank policy rates (and the LPR the PBOC steers) as a desk reads them:
// the level, when it last moved and by how much, how long it has held, and where the figure
// comes from. The history holds one figure per change (published series), so the last
// change is found by walking back over repeated levels (kit figures.lastChange). Pure.
import { fromISO } from '../../pricing-core/dates/date';
import type { HistorySeries } from '../../kit/market-data';
import { lastChange } from '../../kit/market-data/figures';
import { policyName } from '../../kit/market-data/names';
import type { Lang } from '../../kit/locale';
import type { Observation, SeriesInfo } from '../../kit/market-data/series';

const BANKS: Record<string, { zh: string; en: string }> = {
  PBOC: { zh: '中国人民银行', en: 'People’s Bank of China' },
  FED: { zh: '美联储', en: 'Federal Reserve' },
  ECB: { zh: '欧洲央行', en: 'European Central Bank' },
  BOE: { zh: '英格兰银行', en: 'Bank of England' },
  BOJ: { zh: '日本银行', en: 'Bank of Japan' },
  NIFC: { zh: '全国银行间同业拆借中心', en: 'National Interbank Funding Center' },
};

const RATES: Record<string, { zh: string; en: string }> = {
  'policy.PBOC.RR7D': { zh: '7天逆回购利率', en: '7-day reverse repo rate' },
  'policy.FED.UPPER': { zh: '联邦基金目标区间上限', en: 'Fed funds target range, upper' },
  'policy.FED.LOWER': { zh: '联邦基金目标区间下限', en: 'Fed funds target range, lower' },
  'policy.ECB.DFR': { zh: '存款便利利率', en: 'Deposit facility rate' },
  'policy.BOE.BANK': { zh: '银行利率 (Bank Rate)', en: 'Bank Rate' },
  'policy.BOJ.POLICY': { zh: '政策利率（隔夜拆借利率目标）', en: 'Policy rate (overnight call rate target)' },
  'rate.LPR.1Y': { zh: '贷款市场报价利率 LPR 1年', en: 'Loan prime rate (LPR) 1Y' },
  'rate.LPR.5Y': { zh: '贷款市场报价利率 LPR 5年', en: 'Loan prime rate (LPR) 5Y' },
};

/** The central bank of a series: `policy.{BANK}.*`; LPR is fixed by the NIFC under the PBOC. */
export function bankOf(id: string): string {
  if (id.startsWith('rate.LPR.')) return 'NIFC';
  return id.split('.')[1] ?? id;
}

export function bankName(bank: string, lang: Lang): string {
  return BANKS[bank]?.[lang] ?? bank;
}

/** A chart legend name: short bank and rate (`Fed target upper`, `LPR 1Y`). */
export function lineLabel(info: Pick<SeriesInfo, 'id' | 'nameZh' | 'nameEn'>, lang: Lang): string {
  if (info.id.startsWith('rate.LPR.')) return `LPR ${info.id.split('.')[2]}`;
  return policyName(info, lang);
}

export function rateName(info: Pick<SeriesInfo, 'id' | 'nameZh' | 'nameEn'>, lang: Lang): string {
  return RATES[info.id]?.[lang] ?? (lang === 'en' ? info.nameEn : info.nameZh);
}

/** Policy rates, then the LPR (catalogue order within each). */
export function policySeries(catalog: readonly SeriesInfo[]): SeriesInfo[] {
  return [...catalog.filter((s) => s.kind === 'policyRate'), ...catalog.filter((s) => s.id.startsWith('rate.LPR.'))];
}

export interface PolicyRow {
  id: string;
  bank: string;
  info: SeriesInfo;
  latest: Observation | undefined;
  level: number | null;
  /** Date the current level was set. */
  since: string | null;
  /** The move into the current level, bp (null: none in the history). */
  moveBp: number | null;
  previous: number | null;
  /** Calendar days the level has held, to `today`. */
  heldDays: number | null;
}

export function policyRows(series: readonly SeriesInfo[], latest: ReadonlyMap<string, Observation>, history: ReadonlyMap<string, HistorySeries>, today: string): PolicyRow[] {
  return series.map((info) => {
    const o = latest.get(info.id);
    const lc = lastChange(history.get(info.id), o ? { date: o.date, value: o.value } : undefined);
    const since = lc?.date ?? o?.date ?? null;
    return {
      id: info.id,
      bank: bankOf(info.id),
      info,
      latest: o,
      level: o?.value ?? lc?.value ?? null,
      since,
      moveBp: lc && lc.before !== null ? (lc.value - lc.before) * 100 : null,
      previous: lc?.before ?? null,
      heldDays: since ? fromISO(today) - fromISO(since) : null,
    };
  });
}

/** Every cited source once (name, link, and the newest figure date it covers). */
export function citations(rows: readonly PolicyRow[]): Array<{ source: string; url?: string; ids: string[]; lastDate: string | null; note?: string }> {
  const out = new Map<string, { source: string; url?: string; ids: string[]; lastDate: string | null; note?: string }>();
  for (const r of rows) {
    const source = r.latest?.sourceKind === 'published' || !r.latest ? r.info.source : r.latest.source;
    const url = r.latest && r.latest.sourceKind !== 'published' ? undefined : r.info.sourceUrl;
    const key = `${source}|${url ?? ''}`;
    const c = out.get(key) ?? { source, url, ids: [], lastDate: null, note: r.info.note };
    c.ids.push(r.id);
    if (r.since && (!c.lastDate || r.since > c.lastDate)) c.lastDate = r.since;
    out.set(key, c);
  }
  return [...out.values()];
}
