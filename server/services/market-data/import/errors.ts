// Import problems, each with an English and a Chinese reason: the CLI prints them, the UI
// shows the one in the user's language. File-level problems throw ImportFailure; row
// problems are collected, and any one of them makes the whole import change nothing.

export type ImportErrorCode =
  | 'empty'
  | 'tooLarge'
  | 'notText'
  | 'badXlsx'
  | 'badJson'
  | 'badHeader'
  | 'malformedRow'
  | 'badSeriesId'
  | 'unknownSeries'
  | 'badDate'
  | 'futureDate'
  | 'badValue'
  | 'outOfRange'
  | 'unitSlip'
  | 'badKnownAt'
  | 'futureKnownAt'
  | 'duplicate'
  | 'conflict'
  | 'tooManyRows';

export const IMPORT_MESSAGES: Record<ImportErrorCode, { en: string; zh: string }> = {
  empty: { en: 'The file has no rows', zh: '文件中没有数据行' },
  tooLarge: { en: 'The file is larger than 32 MB', zh: '文件超过 32 MB' },
  notText: { en: 'Not a CSV, XLSX or JSON file (the content is neither UTF-8 text nor a workbook)', zh: '不是 CSV、XLSX 或 JSON 文件（内容既不是 UTF-8 文本也不是工作簿）' },
  badXlsx: { en: 'The workbook could not be read', zh: '无法读取该工作簿' },
  badJson: { en: 'Invalid JSON', zh: 'JSON 格式无效' },
  badHeader: {
    en: 'Header row must be series,date,value[,known_at] or date followed by series ids',
    zh: '表头须为 series,date,value[,known_at]，或 date 后接序列代码',
  },
  malformedRow: { en: 'Malformed row', zh: '行格式错误' },
  badSeriesId: { en: 'Not a series id (dot path such as rate.SHIBOR.3M)', zh: '序列代码格式错误（应为如 rate.SHIBOR.3M 的点分路径）' },
  unknownSeries: { en: 'Unknown series (not in the catalogue)', zh: '未知序列（不在目录中）' },
  badDate: { en: 'Date must be YYYY-MM-DD (or YYYY/MM/DD, YYYYMMDD)', zh: '日期须为 YYYY-MM-DD（或 YYYY/MM/DD、YYYYMMDD）' },
  futureDate: { en: 'Date is in the future', zh: '日期晚于今天' },
  badValue: { en: 'Value is not a number', zh: '数值不是数字' },
  outOfRange: { en: 'Value is outside the plausible range for this series', zh: '数值超出该序列的合理范围' },
  unitSlip: {
    en: 'Value is more than 20 times away from the last stored figure: check the unit (percent series take 1.48, not 0.0148)',
    zh: '数值与最近一次存储的数值相差超过 20 倍：请检查单位（百分比序列应填 1.48 而不是 0.0148）',
  },
  badKnownAt: { en: 'known_at must be an ISO timestamp (2026-03-31T09:15:00+08:00)', zh: 'known_at 须为 ISO 时间（如 2026-03-31T09:15:00+08:00）' },
  futureKnownAt: { en: 'known_at is in the future', zh: 'known_at 晚于当前时间' },
  duplicate: { en: 'Same series and date as an earlier line', zh: '与前面某行的序列和日期重复' },
  conflict: { en: 'A different value is already stored for this series, date and known_at', zh: '该序列在此日期和 known_at 已存有不同的数值' },
  tooManyRows: { en: 'More than 2,000,000 observations in one file', zh: '单个文件超过 2,000,000 条观测值' },
};

export interface ImportRowError {
  line: number;
  column?: string;
  code: ImportErrorCode;
  en: string;
  zh: string;
  /** Extra context: the bad text, the earlier line of a duplicate... */
  detail?: string;
}

export function rowError(line: number, code: ImportErrorCode, column?: string, detail?: string): ImportRowError {
  return { line, ...(column ? { column } : {}), code, ...IMPORT_MESSAGES[code], ...(detail ? { detail } : {}) };
}

export class ImportFailure extends Error {
  constructor(
    readonly code: ImportErrorCode,
    readonly detail?: string,
  ) {
    super(IMPORT_MESSAGES[code].en + (detail ? `: ${detail}` : ''));
    this.name = 'ImportFailure';
  }

  toRowError(): ImportRowError {
    return rowError(0, this.code, undefined, this.detail);
  }
}
