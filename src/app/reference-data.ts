// Country (ISO 3166) and currency (ISO 4217) reference files from public/, fetched once at
// start-up and shared. Tools read them with getReferenceData().
export interface Country { alpha2: string; alpha3: string; numeric: string; en: string; zh: string; currency: string }
export interface Currency { code: string; numeric: string; minorUnits: number; en: string; zh: string }
export interface ReferenceData { countries: Country[]; currencies: Currency[] }

let pending: Promise<ReferenceData> | null = null;

async function getJson<T>(path: string): Promise<T[]> {
  try {
    const res = await fetch(path);
    return res.ok ? ((await res.json()) as T[]) : [];
  } catch {
    return [];
  }
}

export function getReferenceData(): Promise<ReferenceData> {
  pending ??= Promise.all([getJson<Country>('/countries.json'), getJson<Currency>('/currencies.json')])
    .then(([countries, currencies]) => ({ countries, currencies }));
  return pending;
}
