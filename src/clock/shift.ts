// Shifts the global Date by a fixed offset (see README). Only the "now" forms change:
// `new Date()` and `Date.now()`; `new Date(x)`, `Date.parse`, `Date.UTC` are untouched.

const REAL = Symbol.for('desk.realDate');

type DateCtor = DateConstructor & { [REAL]?: DateConstructor };

/** The offset currently applied (0 when the clock is not shifted). */
export function clockOffset(): number {
  return (globalThis as { __deskClockOffset?: number }).__deskClockOffset ?? 0;
}

export function shiftClock(offsetMs: number): void {
  if (!Number.isFinite(offsetMs)) throw new RangeError(`clock offset must be a finite number of ms: ${offsetMs}`);
  const current = globalThis.Date as DateCtor;
  const Real: DateConstructor = current[REAL] ?? current;
  (globalThis as { __deskClockOffset?: number }).__deskClockOffset = offsetMs;
  if (offsetMs === 0) {
    globalThis.Date = Real;
    return;
  }
  const now = () => Real.now() + offsetMs;
  // A subclass keeps instanceof, prototype methods and the static helpers working.
  class DeskDate extends Real {
    constructor(...args: unknown[]) {
      if (args.length === 0) super(now());
      else super(...(args as [string | number | Date]));
    }
    static override now(): number {
      return now();
    }
  }
  Object.defineProperty(DeskDate, REAL, { value: Real });
  globalThis.Date = DeskDate as unknown as DateConstructor;
}
