// The DESK_CLOCK setting: an ISO instant with a zone ("2026-11-24T02:30:00Z") that "now"
// starts from; time then flows normally.

/** Offset in ms that makes `realNow` read as `iso`; 0 when `iso` is empty. */
export function deskClockOffset(iso: string | undefined, realNow: number): number {
  if (!iso) return 0;
  if (!/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2}(\.\d+)?)?(Z|[+-]\d{2}:\d{2})$/.test(iso)) {
    throw new RangeError(`DESK_CLOCK must be an ISO instant with a zone, e.g. 2026-11-24T02:30:00Z: ${iso}`);
  }
  return Date.parse(iso) - realNow;
}
