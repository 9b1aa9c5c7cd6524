// Short names of series for table rows and chart legends (`USD/CNY`, `100JPY/CNY`,
// `SHIBOR 3M`, `CNH HIBOR ON`, `FR007`), built from the catalogue entry; the catalogue's
// full names stay the tooltip. Pure.
import type { Lang } from '../locale';
import type { SeriesInfo } from './series';

const INDEX_NAMES: Record<string, string> = { CNHHIBOR: 'CNH HIBOR', SHIBOR3M: 'SHIBOR 3M', SHIBORON: 'SHIBOR O/N', LPR1Y: 'LPR 1Y', LPR5Y: 'LPR 5Y', ESTR: '€STR' };

/** `USD/CNY`, with the quote unit when it is not 1 (`100JPY/CNY`). */
export function pairName(pair: string, per?: number): string {
  const base = pair.slice(0, 3);
  return `${per && per !== 1 ? `${per}${base}` : base}/${pair.slice(3, 6)}`;
}

export function indexName(code: string): string {
  return INDEX_NAMES[code] ?? code;
}

const BANKS: Record<string, { zh: string; en: string }> = {
  PBOC: { zh: '人民银行', en: 'PBOC' },
  FED: { zh: '美联储', en: 'Fed' },
  ECB: { zh: '欧洲央行', en: 'ECB' },
  BOE: { zh: '英格兰银行', en: 'BoE' },
  BOJ: { zh: '日本银行', en: 'BoJ' },
};

const POLICY_RATES: Record<string, { zh: string; en: string }> = {
  RR7D: { zh: '7天逆回购', en: '7D reverse repo' },
  UPPER: { zh: '目标区间上限', en: 'target upper' },
  LOWER: { zh: '目标区间下限', en: 'target lower' },
  DFR: { zh: '存款便利利率', en: 'deposit facility' },
  BANK: { zh: '银行利率', en: 'Bank Rate' },
  POLICY: { zh: '政策利率', en: 'policy rate' },
};

/** `Fed target upper`, `人民银行 7天逆回购`: short bank and rate, else the catalogue name. */
export function policyName(info: Pick<SeriesInfo, 'id' | 'nameZh' | 'nameEn'>, lang: Lang): string {
  const [, bank, rate] = info.id.split('.');
  const b = BANKS[bank];
  const r = POLICY_RATES[rate];
  return b && r ? `${b[lang]} ${r[lang]}` : lang === 'en' ? info.nameEn : info.nameZh;
}

const FIXING_WORDS = { CLOSE: { zh: '16:30 收盘价', en: '16:30 close' }, TMA: { zh: 'TMA 定盘价', en: 'TMA fixing' } } as const;

/** The short row name of a series. */
export function shortName(info: Pick<SeriesInfo, 'id' | 'kind' | 'nameZh' | 'nameEn' | 'pair' | 'per' | 'tenor'>, lang: Lang): string {
  const parts = info.id.split('.');
  switch (info.kind) {
    case 'fxSpot':
      return info.pair ? pairName(info.pair, info.per) : parts[1];
    case 'fxFixing': {
      // Central parities read as the pair; closes and fixings as the pair and which fixing.
      if (parts[1] === 'CP' && info.pair) return pairName(info.pair, info.per);
      const w = FIXING_WORDS[parts[1] as keyof typeof FIXING_WORDS];
      return w && info.pair ? `${pairName(info.pair, info.per)} ${w[lang]}` : lang === 'en' ? info.nameEn : info.nameZh;
    }
    case 'policyRate':
      return policyName(info, lang);
    case 'rateFixing':
      return parts.length === 3 ? `${indexName(parts[1])} ${parts[2]}` : indexName(parts[1]);
    case 'swapRate':
      return `${indexName(parts[1])} ${parts[2]}`;
    case 'bondYield':
      return `${parts[1]} ${parts[2]}`;
    default:
      return lang === 'en' ? info.nameEn : info.nameZh;
  }
}

/** Figures that hold until changed (policy rates, LPR): drawn as steps, kept to today. */
export function isStepped(info: Pick<SeriesInfo, 'kind' | 'group' | 'id'> | undefined): boolean {
  return !!info && (info.kind === 'policyRate' || info.group === 'rate.LPR' || info.id.startsWith('rate.LPR.'));
}
