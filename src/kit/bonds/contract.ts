// The bond reference-data contract both sides read (BondSvr, docs/api/bonds.md): method names,
// reply codes, issuer types, the bond record and its validation, and the conversion of a
// record into the pricing core's instrument. Browser-safe: zod and the pricing core only.
import { z } from 'zod';
import { fromISO } from '../../pricing-core/dates/date';
import { type CnBond, type CnCouponFrequency, cnBondSchedule, cnCouponSchedule } from '../../pricing-core/instruments/rates/cn-bond';

export const BOND_SERVER = 'BondSvr';

export const BondMethod = {
  search: 'ATS.BONDSVR.SEARCH',
  get: 'ATS.BONDSVR.GET',
  basket: 'ATS.BONDSVR.BASKET',
  import: 'ATS.BONDSVR.IMPORT',
  delete: 'ATS.BONDSVR.DELETE',
  issuerTypes: 'ATS.BONDSVR.ISSUERTYPES',
} as const;

export const BondCode = {
  ok: '0000',
  sessionInvalid: '1009',
  badRequest: '3101',
  notFound: '3102',
  /** Import refused: `errors` lists every bad line; nothing was stored. */
  importInvalid: '3103',
  /** The contract month's trading calendar is not known (no official holiday notice held). */
  calendarUnknown: '3104',
  forbidden: '3108',
  serverError: '9999',
} as const;

/** Issuer types, with the curve family the market-data service serves for each. */
export const ISSUER_TYPES = {
  CGB: { zh: '国债', en: 'Chinese government bond' },
  CDB: { zh: '国开债', en: 'China Development Bank' },
  ADBC: { zh: '农发债', en: 'Agricultural Development Bank of China' },
  EXIM: { zh: '进出口行债', en: 'Export-Import Bank of China' },
  LGB: { zh: '地方政府债', en: 'Local government bond' },
  CORP: { zh: '信用债', en: 'Corporate / credit bond' },
  FIN: { zh: '金融债', en: 'Financial bond (banks)' },
  NCD: { zh: '同业存单', en: 'Negotiable certificate of deposit' },
} as const;
export type IssuerType = keyof typeof ISSUER_TYPES;
const issuerTypeKeys = Object.keys(ISSUER_TYPES) as [IssuerType, ...IssuerType[]];

/** Accrual day counts: `ACT/ACT` the inter-bank (CFETS) rule, `NL/365` the exchange rule (29 Feb not counted). */
export const BOND_DAY_COUNTS = ['ACT/ACT', 'NL/365'] as const;

const isoDate = z.string().regex(/^\d{4}-\d{2}-\d{2}$/, 'date must be YYYY-MM-DD').refine((s) => { try { fromISO(s); return true; } catch { return false; } }, 'not a calendar date');

export const embeddedOptionSchema = z.object({
  type: z.enum(['call', 'put']),
  date: isoDate,
  price: z.number().positive().max(200).default(100),
  resetCoupon: z.number().min(0).max(0.3).optional(),
});

/** A bond's terms as stored and sent. Coupons are decimals (0.0274 = 2.74 %). */
export const bondRecordSchema = z.object({
  code: z.string().trim().min(1).max(32).regex(/^[A-Za-z0-9.\-_]+$/, 'code: letters, digits, . - _ only'),
  name: z.string().trim().min(1).max(120),
  nameEn: z.string().trim().max(160).optional(),
  issuer: z.string().trim().max(120).optional(),
  issuerType: z.enum(issuerTypeKeys),
  kind: z.enum(['fixed', 'zero', 'bullet']).default('fixed'),
  coupon: z.number().min(0).max(0.3, 'coupon is a decimal: 0.0274 for 2.74 %'),
  frequency: z.union([z.literal(1), z.literal(2), z.literal(4), z.literal(12)]).default(1),
  dayCount: z.enum(BOND_DAY_COUNTS).default('ACT/ACT'),
  issueDate: isoDate,
  firstCouponDate: isoDate.optional(),
  maturityDate: isoDate,
  issuePrice: z.number().positive().max(100).optional(),
  face: z.number().positive().default(100),
  options: z.array(embeddedOptionSchema).max(60).default([]),
  rating: z.string().trim().max(16).optional(),
  sector: z.string().trim().max(60).optional(),
  /** Exchange listings (上交所/深交所 codes) when known. */
  sseCode: z.string().trim().max(16).optional(),
  szseCode: z.string().trim().max(16).optional(),
  /** true: illustrative terms, not a real bond. Real bonds carry their source. */
  sample: z.boolean().default(false),
  source: z.string().trim().min(1, 'source is required (where the terms come from)').max(300),
  sourceUrl: z.string().trim().max(500).optional(),
  notes: z.string().trim().max(500).optional(),
}).superRefine((b, ctx) => {
  if (!(b.maturityDate > b.issueDate)) { ctx.addIssue({ code: 'custom', path: ['maturityDate'], message: 'maturity must be after the interest start date' }); return; }
  if (b.kind === 'fixed') {
    let grid: number[];
    try {
      grid = cnCouponSchedule(fromISO(b.issueDate), fromISO(b.maturityDate), b.frequency as CnCouponFrequency);
    } catch (e) {
      ctx.addIssue({ code: 'custom', path: ['issueDate'], message: (e as Error).message });
      return;
    }
    if (b.firstCouponDate !== undefined && fromISO(b.firstCouponDate) !== grid[1]) {
      ctx.addIssue({ code: 'custom', path: ['firstCouponDate'], message: 'first coupon date is not the first date of the schedule rolled back from maturity' });
    }
    for (const [i, o] of b.options.entries()) {
      const d = fromISO(o.date);
      if (!grid.includes(d) || d === grid[0] || d === grid[grid.length - 1]) ctx.addIssue({ code: 'custom', path: ['options', i, 'date'], message: 'an exercise date must be a coupon date before maturity' });
    }
  } else {
    if (b.coupon !== 0 && b.kind === 'zero') ctx.addIssue({ code: 'custom', path: ['coupon'], message: 'a zero-coupon bond has coupon 0' });
    if (b.options.length > 0) ctx.addIssue({ code: 'custom', path: ['options'], message: 'embedded options are supported on fixed-coupon bonds only' });
  }
});

export type BondRecordInput = z.input<typeof bondRecordSchema>;
export type BondRecord = z.output<typeof bondRecordSchema>;

/** What the service returns: the record plus who holds it. */
export type BondView = BondRecord & { owned: boolean };

/** The pricing core's instrument for a record. */
export function toCnBond(r: BondRecord): CnBond {
  const bond: CnBond = {
    kind: r.kind, issue: fromISO(r.issueDate), maturity: fromISO(r.maturityDate), coupon: r.coupon,
    frequency: (r.kind === 'fixed' ? r.frequency : 1) as CnCouponFrequency, face: 100,
    ...(r.issuePrice !== undefined ? { issuePrice: r.issuePrice } : {}),
    ...(r.options.length ? { options: r.options.map((o) => ({ type: o.type, date: fromISO(o.date), price: o.price, ...(o.resetCoupon !== undefined ? { resetCoupon: o.resetCoupon } : {}) })) } : {}),
  };
  cnBondSchedule(bond);
  return bond;
}
