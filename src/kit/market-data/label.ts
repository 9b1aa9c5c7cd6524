// Words for a figure's provenance, in both languages, for badges and tooltips: "as of ...",
// the SAMPLE / SIMULATED / OFFLINE badge (provenance.ts needsBadge decides when one shows).
// Plain functions, usable in workers and outside React.
import type { Provenance } from './provenance';
import { UNAVAILABLE_CODE, UNAVAILABLE_TEXT } from '../service-unavailable';

type Lang = 'zh' | 'en';

const WORDS = {
  zh: { asOf: '截至', offline: '离线', sample: '样例数据', simulated: '模拟行情', published: '公开发布', imported: '导入', live: '实时', vendor: '数据商' },
  en: { asOf: 'as of', offline: 'offline', sample: 'SAMPLE', simulated: 'SIMULATED', published: 'published', imported: 'imported', live: 'live', vendor: 'vendor' },
} as const;

/** "as of 2026-11-20" or "as of 2026-11-24 14:03:05" for an intraday quote, "(offline)" when cached. */
export function asOfText(p: Pick<Provenance, 'asOf' | 'offline'>, lang: Lang): string {
  const w = WORDS[lang];
  const when = p.asOf.length > 10 ? beijingTime(p.asOf) : p.asOf;
  const text = `${w.asOf} ${when}`;
  return p.offline ? `${text}${lang === 'zh' ? `（${w.offline}）` : ` (${w.offline})`}` : text;
}

/** The badge a figure must carry, or null: SAMPLE and SIMULATED always, OFFLINE when cached. */
export function badgeText(p: Pick<Provenance, 'sourceKind' | 'offline'>, lang: Lang): string | null {
  const w = WORDS[lang];
  const parts: string[] = [];
  if (p.sourceKind === 'sample') parts.push(w.sample);
  if (p.sourceKind === 'simulated') parts.push(w.simulated);
  if (p.offline) parts.push(lang === 'en' ? w.offline.toUpperCase() : w.offline);
  return parts.length ? parts.join(' · ') : null;
}

/**
 * A source's name in the user's language. Sources are stored as the publisher names them (in
 * English for the shipped snapshot and feeds); the ones the product ships have a Chinese name.
 */
const SOURCE_ZH: Record<string, string> = {
  'sample snapshot (generated, not market data)': '样例快照（生成数据，非真实行情）',
  'simulated feed': '模拟行情源',
  'sample swaption vols (pricing core), not market quotes': '样例互换期权波动率（定价核心生成，非市场报价）',
  'PBOC / National Interbank Funding Center LPR announcements': '中国人民银行/全国银行间同业拆借中心 LPR 公告',
  'PBOC open market operation announcements (公开市场业务交易公告)': '中国人民银行公开市场业务交易公告',
  'Federal Reserve, FOMC statements': '美联储 FOMC 声明',
  'European Central Bank, key ECB interest rates': '欧洲中央银行关键利率',
  'Bank of England, Bank Rate history': '英格兰银行基准利率历史',
  'Bank of Japan, Statements on Monetary Policy': '日本银行货币政策声明',
  // Shipped real history (server/services/market-data/history/LICENCES.md).
  'ECB euro reference rates': '欧洲央行欧元参考汇率',
  'ECB euro reference rates, cross (derived)': '欧洲央行参考汇率交叉盘（推算）',
  'FRED H.10 (Federal Reserve Board)': '美联储 H.10（FRED）',
  'US Treasury par yield curve': '美国财政部平价收益率曲线',
  'Federal Reserve Bank of New York (SOFR)': '纽约联储（SOFR）',
  'ECB (€STR)': '欧洲央行（€STR）',
  'Bank of England (SONIA)': '英格兰银行（SONIA）',
  'ECB euro area AAA government spot curve': '欧洲央行欧元区 AAA 政府债即期曲线',
  'US EIA spot prices': '美国能源信息署现货价格',
  'World Bank Commodity Price Data (The Pink Sheet)': '世界银行大宗商品价格（粉红单）',
};

export function sourceName(source: string, lang: Lang): string {
  if (lang !== 'zh') return source;
  // Figures from several sources carry their names joined by "; " (market-data/pillars.ts).
  return source.split('; ').map((s) => SOURCE_ZH[s] ?? s).join('；');
}

/** "Source: CFETS (published)" style line for a tooltip. */
export function sourceText(p: Pick<Provenance, 'source' | 'sourceKind'>, lang: Lang): string {
  const w = WORDS[lang];
  return lang === 'zh' ? `来源：${sourceName(p.source, lang)}（${w[p.sourceKind]}）` : `Source: ${p.source} (${w[p.sourceKind]})`;
}

/** An ISO instant as YYYY-MM-DD HH:mm:ss in Beijing time (the desk's clock). */
export function beijingTime(iso: string): string {
  const t = Date.parse(iso);
  if (!Number.isFinite(t)) return iso;
  return new Date(t + 8 * 3_600_000).toISOString().slice(0, 19).replace('T', ' ');
}

const ERRORS: Record<string, { zh: string; en: string }> = {
  '2001': { zh: '行情数据请求有误', en: 'Invalid market data request' },
  '2002': { zh: '没有这条曲线或曲面', en: 'No such curve or surface' },
  '2003': { zh: '文件中有错误的行，未导入任何数据', en: 'The file has bad rows: nothing was imported' },
  '4003': { zh: '请登录后查看该行情数据', en: 'Sign in to see this market data' },
  '9999': { zh: '行情服务暂时不可用', en: 'The market data service is unavailable' },
  [UNAVAILABLE_CODE]: UNAVAILABLE_TEXT,
  timeout: { zh: '行情服务无响应，且本机没有缓存的数据', en: 'No answer from the market data service, and nothing cached on this device' },
  aborted: { zh: '请求已取消', en: 'The request was cancelled' },
};

/** A failed market-data request in the user's language (`code` from MarketDataError or the socket). */
export function marketErrorText(e: { code?: string; message?: string }, lang: Lang): string {
  const known = e.code ? ERRORS[e.code] : undefined;
  return known ? known[lang] : lang === 'zh' ? `行情数据出错：${e.message ?? ''}` : `Market data error: ${e.message ?? ''}`;
}
