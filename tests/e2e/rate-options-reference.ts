// Node reference for tests/e2e/rate-options.spec.ts (run under tsx: the pricing core's
// calendars import JSON, which Playwright's loader does not take): reads { inputs, curve } (the
// market's irs quotes) or { inputs, saved } (a curve saved on /curveConstruction, as exported)
// on stdin, prints the pricing core's reply to the same request the screen builds.
import { readFileSync } from 'node:fs';
import { rolledForward } from '../../src/pricing-core/market/curves/curve-definition';
import { runRateOptionRequest } from '../../src/pricing-core/engines/rates/rate-option-calculator';
import { curveDefinitions, quotesDate, savedCurveDefinitions, toRateOptionRequest } from '../../src/tools/rateOption/model';

// valuation: the screen's valuation date (today on the journeys' clock); older quotes roll forward to it.
const { inputs, curve, saved, valuation } = JSON.parse(readFileSync(0, 'utf8'));
const words = (k: string) => ({ zh: k, en: k });
const curves = (saved ? savedCurveDefinitions(saved) : curveDefinitions(inputs.index, curve.points, null, quotesDate(curve.points, curve.asOf))).map((c) => rolledForward(c, valuation));
process.stdout.write(JSON.stringify(runRateOptionRequest(toRateOptionRequest(inputs, curves, words))));
