// Calendar days as users see them: China Standard Time (UTC+8, no daylight saving).
const OFFSET_MS = 8 * 3600_000;
export const DAY_MS = 86_400_000;

/** YYYY-MM-DD of the instant in UTC+8. */
export function dayOf(ms: number): string {
  return new Date(ms + OFFSET_MS).toISOString().slice(0, 10);
}

/** The instant a UTC+8 day starts. */
export function startOfDay(day: string): number {
  return Date.parse(`${day}T00:00:00Z`) - OFFSET_MS;
}

export function addDays(day: string, days: number): string {
  return dayOf(startOfDay(day) + days * DAY_MS);
}
