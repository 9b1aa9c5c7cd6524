// BondSvr operations (docs/api/bonds.md). Each takes the caller (from the session, never from
// the content) and the request fields and returns the reply body; failures are BondFailure.
import type { Database } from '../../contracts';
import { BondCode, type BondRecord, ISSUER_TYPES, toCnBond } from '../../../src/kit/bonds/contract';
import { parseBondFile, MAX_IMPORT_ROWS } from '../../../src/kit/bonds/import';
import type { Calendar } from '../../../src/pricing-core/dates/calendar';
import { calendarFor, coverage as calendarCoverage } from '../../../src/pricing-core/dates/calendars';
import { fromYMD, toISO } from '../../../src/pricing-core/dates/date';
import { CFFEX_CONTRACTS, contractDates, deliverabilityFailure, exchangeTradingCalendar, parseContractSymbol } from '../../../src/pricing-core/instruments/rates/treasury-futures';
import { conversionFactor } from '../../../src/pricing-core/engines/bond/bond-futures';
import * as store from './store';
import { ServiceFailure } from '../handlers';
import sampleFile from './sample-bonds.json';

export class BondFailure extends ServiceFailure<string> {
  override readonly name = 'BondFailure';
}

export interface Caller {
  id: number;
  userName: string;
  inf5: string;
}

type Fields = Record<string, unknown>;

const bad = (msg: string, field?: string) => new BondFailure(BondCode.badRequest, msg, field ? { field } : {});

function str(f: Fields, k: string, max = 200): string | undefined {
  const v = f[k];
  if (v === undefined || v === null || v === '') return undefined;
  if (typeof v !== 'string' || v.length > max) throw bad(`${k} must be a string of at most ${max} characters`, k);
  return v;
}

function int(f: Fields, k: string, def: number, min: number, max: number): number {
  const v = f[k];
  if (v === undefined) return def;
  if (typeof v !== 'number' || !Number.isInteger(v) || v < min || v > max) throw bad(`${k} must be a whole number in [${min}, ${max}]`, k);
  return v;
}

/** The shipped sample, validated like an import (a bad entry is a build error, caught by tests). */
export function sampleBonds(): BondRecord[] {
  const r = parseBondFile(JSON.stringify(sampleFile), 'json');
  if (r.errors.length) throw new Error(`sample-bonds.json is invalid: ${JSON.stringify(r.errors.slice(0, 3))}`);
  return r.records;
}

/** Loads the shipped sample into the shared set (insert or refresh by code). Idempotent. */
export async function seedSampleBonds(db: Database, now: number): Promise<number> {
  const records = sampleBonds();
  await db.transaction(async (tx) => { for (const b of records) await store.upsertBond(tx, null, b, now); });
  return records.length;
}

/** Imports into one owner's set (a user) or the shared set (operator: owner null). All or nothing. */
export async function importBonds(db: Database, ownerId: number | null, text: string, format: 'csv' | 'json', now: number, dryRun = false) {
  const parsed = parseBondFile(text, format);
  if (parsed.errors.length) {
    throw new BondFailure(BondCode.importInvalid, `${parsed.errors.length} error(s); nothing imported`, { errors: parsed.errors.slice(0, 200), errorCount: parsed.errors.length });
  }
  if (dryRun) return { imported: 0, valid: parsed.records.length, created: 0, updated: 0 };
  let created = 0;
  await db.transaction(async (tx) => {
    for (const b of parsed.records) if (await store.upsertBond(tx, ownerId, b, now)) created++;
  });
  return { imported: parsed.records.length, valid: parsed.records.length, created, updated: parsed.records.length - created };
}

export const MAX_IMPORT_BYTES = 5 * 1024 * 1024;

export class BondService {
  private readonly trading: Calendar;
  private readonly coverage?: { fromYear: number; toYear: number };

  constructor(private readonly db: Database, private readonly now: () => number) {
    // The CNY calendar of the desk (official notices); years it does not hold are refused.
    const cov = calendarCoverage('CNY');
    this.coverage = { fromYear: cov.fromYear, toYear: cov.toYear };
    this.trading = exchangeTradingCalendar(calendarFor('CNY'));
  }

  issuerTypes() {
    return { issuerTypes: Object.entries(ISSUER_TYPES).map(([code, n]) => ({ code, ...n })) };
  }

  async search(c: Caller, f: Fields) {
    const issuerTypes = f.issuerTypes === undefined ? undefined : f.issuerTypes;
    if (issuerTypes !== undefined && (!Array.isArray(issuerTypes) || issuerTypes.some((t) => typeof t !== 'string' || !(t in ISSUER_TYPES)))) {
      throw bad(`issuerTypes must be a list of ${Object.keys(ISSUER_TYPES).join(', ')}`, 'issuerTypes');
    }
    const date = (k: string) => { const v = str(f, k, 10); if (v !== undefined && !/^\d{4}-\d{2}-\d{2}$/.test(v)) throw bad(`${k} must be YYYY-MM-DD`, k); return v; };
    const kind = str(f, 'kind', 10);
    if (kind !== undefined && !['fixed', 'zero', 'bullet'].includes(kind)) throw bad('kind must be fixed, zero or bullet', 'kind');
    const { rows, total } = await store.searchBonds(this.db, c.id, {
      query: str(f, 'query', 60)?.trim() || undefined,
      issuerTypes: issuerTypes as string[] | undefined,
      maturityFrom: date('maturityFrom'), maturityTo: date('maturityTo'), kind,
      includeSamples: f.includeSamples !== false,
      limit: int(f, 'limit', 50, 1, 200), offset: int(f, 'offset', 0, 0, 1_000_000),
    });
    return { bonds: rows, total };
  }

  async get(c: Caller, f: Fields) {
    const code = str(f, 'code', 32);
    if (!code) throw bad('code is required', 'code');
    const b = await store.getBond(this.db, c.id, code);
    if (!b) throw new BondFailure(BondCode.notFound, `no bond ${code}`);
    return { bond: b };
  }

  /** The deliverable basket of a contract (e.g. `T2606`) among the bonds the caller can see. */
  async basket(c: Caller, f: Fields) {
    const sym = str(f, 'contract', 10);
    if (!sym) throw bad('contract is required (e.g. T2606)', 'contract');
    let parsed;
    try { parsed = parseContractSymbol(sym); } catch (e) { throw bad((e as Error).message, 'contract'); }
    const { code, year, month } = parsed;
    const spec = CFFEX_CONTRACTS[code];
    const cov = this.coverage;
    const dates = !cov || (year >= cov.fromYear && year <= cov.toYear) ? contractDates(code, year, month, this.trading) : null;
    const first = fromYMD(year, month, 1);
    const candidates = await store.governmentCouponBonds(this.db, c.id, toISO(first));
    const bonds = [];
    for (const b of candidates) {
      const bond = toCnBond(b);
      if (deliverabilityFailure(spec, bond.issue, bond.maturity, year, month) !== null) continue;
      const cf = conversionFactor(bond, year, month, spec.notionalCoupon);
      bonds.push({ ...b, conversionFactor: cf.conversionFactor, conversionFactorRaw: cf.conversionFactorRaw, remainingYears: (bond.maturity - first) / 365 });
    }
    return {
      contract: { symbol: `${code}${String(year % 100).padStart(2, '0')}${String(month).padStart(2, '0')}`, code, year, month, spec,
        lastTradingDay: dates ? toISO(dates.lastTradingDay) : null, lastDeliveryDay: dates ? toISO(dates.lastDeliveryDay) : null,
        calendarNote: dates ? null : `no official holiday notice held for ${year}: dates not computed` },
      bonds,
      note: 'Deliverability judged from the bonds\' terms by the contract\'s published criteria; CFFEX publishes the official list and conversion factors.',
    };
  }

  async import(c: Caller, f: Fields) {
    if (c.inf5 === '3') throw new BondFailure(BondCode.forbidden, 'This account may not import bonds');
    const format = f.format;
    if (format !== 'csv' && format !== 'json') throw bad('format must be csv or json', 'format');
    const text = f.text;
    if (typeof text !== 'string' || text.trim() === '') throw bad('text is required (the file content)', 'text');
    if (new TextEncoder().encode(text).length > MAX_IMPORT_BYTES) throw bad(`file too large (at most ${MAX_IMPORT_BYTES} bytes, ${MAX_IMPORT_ROWS} bonds)`, 'text');
    return importBonds(this.db, c.id, text, format, this.now(), f.dryRun === true);
  }

  async delete(c: Caller, f: Fields) {
    const code = str(f, 'code', 32);
    if (!code) throw bad('code is required', 'code');
    if (!(await store.deleteOwnBond(this.db, c.id, code))) throw new BondFailure(BondCode.notFound, `no bond ${code} of yours`);
    return {};
  }
}
