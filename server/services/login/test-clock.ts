// Tests only: a clock the test moves by hand.
export interface TestClock {
  now: () => number;
  advance(ms: number): void;
  set(ms: number): void;
}

export function testClock(start = Date.parse('2026-03-02T04:00:00Z')): TestClock {
  let t = start;
  return { now: () => t, advance: (ms) => (t += ms), set: (ms) => (t = ms) };
}
