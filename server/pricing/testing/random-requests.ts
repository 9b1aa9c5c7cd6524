// Random request lines for the price CLI's tests (fast-check arbitraries).
import fc from 'fast-check';

// Random request lines: Black-Scholes family requests, mostly valid (so most lines are priced),
// some with one field made bad (wrong type, missing, out of range, overflowing to Infinity),
// unknown models, non-objects, broken JSON and blank lines.
const num = (min: number, max: number) => fc.double({ min, max, noNaN: true }).map((x) => JSON.stringify(x));
const goodFields = {
  model: fc.constantFrom('"vanilla"', '"vanilla"', '"vanilla"', '"forward"', '"digital"', '"impliedVol"', '"barrier"', '"touch"'),
  type: fc.constantFrom('"call"', '"put"'),
  payoff: fc.constantFrom('"cash"', '"asset"'),
  barrierType: fc.constantFrom('"downOut"', '"upIn"', '"downIn"', '"upOut"'),
  touchType: fc.constantFrom('"oneTouch"', '"noTouch"'),
  payAt: fc.constantFrom('"hit"', '"expiry"'),
  spot: num(1e-3, 300), strike: num(1e-3, 300), t: num(0, 10), rd: num(-0.05, 0.15), rf: num(-0.05, 0.15),
  vol: num(0, 1.5), price: num(0, 50), cash: num(0, 10), barrier: num(1e-3, 300), rebate: num(0, 5),
};
const badValue = fc.constantFrom(undefined, 'null', '"1"', 'true', '[]', '{}', '1e400', '-1e400', '-1', '0', '-0', '1e-320', '"nope"');
export const requestLine = fc.oneof(
  {
    weight: 12,
    arbitrary: fc.tuple(fc.record(goodFields), fc.option(fc.constantFrom(...Object.keys(goodFields)), { freq: 3 }), badValue)
      .map(([r, badKey, bad]) => {
        const fields: Record<string, string | undefined> = { ...r };
        if (badKey !== null) fields[badKey] = bad;
        return `{${Object.entries(fields).filter(([, v]) => v !== undefined).map(([k, v]) => `"${k}":${v}`).join(',')}}`;
      }),
  },
  fc.constantFrom('', '   ', '\t', 'garbage', '{oops', '[1,2]', 'null', '"x"', '{}', '{"model":"nope"}', '{"model":"vanilla"'),
);
