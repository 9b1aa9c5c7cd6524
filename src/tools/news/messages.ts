// NewsSvr's problems and reply codes in the user's language. Pure strings (no i18next), so
// the server builds its English `message` from the same table the screen shows in zh or en.
import { NewsCode, type NewsImportProblem, type NewsProblemKey } from './contract';
import { UNAVAILABLE_CODE, UNAVAILABLE_TEXT } from '../../kit/service-unavailable';

export type Lang = 'zh' | 'en';

const PROBLEMS: Record<Lang, Record<NewsProblemKey, string>> = {
  en: {
    empty: 'The file is empty.',
    binary: 'The file is binary, not a text feed.',
    encodingUnknown: 'Unknown character encoding "{encoding}".',
    encodingInvalid: 'The file is not valid {encoding} text.',
    notWellFormed: 'Not well-formed XML: {detail}',
    entityDeclaration: 'The file declares XML entities (<!ENTITY>); feeds with entity declarations are refused.',
    htmlPage: 'This is an HTML page, not a feed: import the RSS or Atom file itself.',
    rss1: 'RSS 1.0 (RDF) is not supported: RSS 2.0 and Atom 1.0 are.',
    rssVersion: 'RSS version "{version}" is not supported: RSS 2.0 and Atom 1.0 are.',
    notAFeed: 'Not an RSS 2.0 or Atom 1.0 feed (the root element is <{root}>).',
    noChannel: 'The RSS file has no <channel>.',
    noSource: 'The feed has no title: name its source (--source, or "source" in the request).',
    tooManyItems: 'The feed has {count} items; at most {limit} are imported from one file.',
    noItems: 'The feed has no items.',
    noTitle: 'The item has neither a title nor a description.',
    titleTooLong: 'The title has {count} characters; at most {limit}.',
    noId: 'The item has neither a guid/id nor a link, so a re-import could not recognise it.',
    linkInvalid: 'The link "{value}" is not an absolute http(s) address.',
    noDate: 'The item has no date (pubDate, published or updated).',
    dateInvalid: 'The date "{value}" cannot be read{reason}.',
    dateNoZone: 'The date "{value}" has no time zone; give one (e.g. +08:00), or import with an assumed zone (--assume-tz +08:00).',
    dateOutOfRange: 'The date {value} is outside 1990-01-01 .. tomorrow.',
    tagTooLong: 'The category "{value}" is longer than {limit} characters.',
    tooManyTags: 'The item has {count} categories; at most {limit}.',
    htmlTooLong: 'The article HTML has {count} characters after cleaning; at most {limit}.',
    duplicateInFile: 'The same item appears twice in the file (also item {other}).',
  },
  zh: {
    empty: '文件为空。',
    binary: '这是二进制文件，不是文本格式的订阅源。',
    encodingUnknown: '无法识别的字符编码“{encoding}”。',
    encodingInvalid: '文件不是有效的 {encoding} 文本。',
    notWellFormed: 'XML 格式错误：{detail}',
    entityDeclaration: '文件声明了 XML 实体（<!ENTITY>），此类订阅源不予导入。',
    htmlPage: '这是一个网页，不是订阅源：请导入 RSS 或 Atom 文件本身。',
    rss1: '不支持 RSS 1.0（RDF）格式，仅支持 RSS 2.0 和 Atom 1.0。',
    rssVersion: '不支持 RSS 版本“{version}”，仅支持 RSS 2.0 和 Atom 1.0。',
    notAFeed: '不是 RSS 2.0 或 Atom 1.0 订阅源（根元素为 <{root}>）。',
    noChannel: 'RSS 文件缺少 <channel>。',
    noSource: '订阅源没有标题：请指定来源名称（--source，或请求中的 source）。',
    tooManyItems: '订阅源包含 {count} 条内容，单个文件最多导入 {limit} 条。',
    noItems: '订阅源没有任何条目。',
    noTitle: '该条目既无标题也无摘要。',
    titleTooLong: '标题有 {count} 个字符，最多 {limit} 个。',
    noId: '该条目既无 guid/id 也无链接，重新导入时无法识别。',
    linkInvalid: '链接“{value}”不是完整的 http(s) 地址。',
    noDate: '该条目没有日期（pubDate、published 或 updated）。',
    dateInvalid: '无法识别日期“{value}”{reason}。',
    dateNoZone: '日期“{value}”没有时区：请写明时区（如 +08:00），或导入时指定默认时区（--assume-tz +08:00）。',
    dateOutOfRange: '日期 {value} 不在 1990-01-01 至明天的范围内。',
    tagTooLong: '分类“{value}”超过 {limit} 个字符。',
    tooManyTags: '该条目有 {count} 个分类，最多 {limit} 个。',
    htmlTooLong: '正文清理后有 {count} 个字符，最多 {limit} 个。',
    duplicateInFile: '同一条目在文件中出现了两次（另见第 {other} 条）。',
  },
};

const CODES: Record<Lang, Partial<Record<string, string>>> = {
  en: {
    [NewsCode.sessionInvalid]: 'Please log in again.',
    [NewsCode.badRequest]: 'The request is not valid.',
    [NewsCode.notFound]: 'This article no longer exists.',
    [NewsCode.forbidden]: 'You may not import news.',
    [NewsCode.feedInvalid]: 'The file is not a feed that can be imported.',
    [NewsCode.itemsInvalid]: 'Some items of the feed are invalid; nothing was imported.',
    [NewsCode.tooLarge]: 'The file is too large.',
    [NewsCode.serverError]: 'Server error, please try again later.',
    [UNAVAILABLE_CODE]: `${UNAVAILABLE_TEXT.en}.`,
  },
  zh: {
    [NewsCode.sessionInvalid]: '请重新登录。',
    [NewsCode.badRequest]: '请求无效。',
    [NewsCode.notFound]: '该资讯已不存在。',
    [NewsCode.forbidden]: '您没有导入资讯的权限。',
    [NewsCode.feedInvalid]: '该文件不是可导入的订阅源。',
    [NewsCode.itemsInvalid]: '订阅源中有无效条目，未导入任何内容。',
    [NewsCode.tooLarge]: '文件过大。',
    [NewsCode.serverError]: '服务器错误，请稍后重试。',
    [UNAVAILABLE_CODE]: `${UNAVAILABLE_TEXT.zh}。`,
  },
};

function fill(template: string, values: Record<string, string | number> = {}): string {
  return template.replace(/\{(\w+)\}/g, (m, k: string) => (k in values ? String(values[k]) : m));
}

/** A problem as a sentence, with its position ("Item 3 (line 42, column 5): ..."). */
export function newsProblemText(p: Pick<NewsImportProblem, 'key' | 'values' | 'item' | 'line' | 'column'>, lang: Lang): string {
  const text = fill(PROBLEMS[lang][p.key], p.values);
  const where = p.line !== undefined ? (lang === 'en' ? `line ${p.line}, column ${p.column ?? 1}` : `第 ${p.line} 行第 ${p.column ?? 1} 列`) : '';
  if (p.item !== undefined) return lang === 'en' ? `Item ${p.item}${where ? ` (${where})` : ''}: ${text}` : `第 ${p.item} 条${where ? `（${where}）` : ''}：${text}`;
  return where ? (lang === 'en' ? `${where[0].toUpperCase()}${where.slice(1)}: ${text}` : `${where}：${text}`) : text;
}

/** The sentence of a reply code, or undefined for codes without one. */
export function newsCodeText(code: string, lang: Lang): string | undefined {
  return CODES[lang][code];
}
