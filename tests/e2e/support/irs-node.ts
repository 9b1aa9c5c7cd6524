// Node-side reference for tests/e2e/rates.spec.ts: builds a curve definition (JSON on stdin,
// { definition, trade, valuation }) with the screens' curve engine and calendars, rolled forward to
// the screen's valuation date as the screen does, and prints the IRS NPV.
// Run through tsx: the calendars import JSON, which Playwright's loader does not take.
import { readFileSync } from 'node:fs';
import { priceIrs } from '../../../src/pricing-core/engines/rates/irs';
import { parseCurveDefinition, rolledForward } from '../../../src/pricing-core/market/curves/curve-definition';
import { buildOnScreen } from '../../../src/tools/curveConstruction/market-curve';

const { definition, trade, valuation } = JSON.parse(readFileSync(0, 'utf8')) as { definition: unknown; trade: unknown; valuation: string };
const r = priceIrs(trade, { discount: buildOnScreen(rolledForward(parseCurveDefinition(definition), valuation)) });
process.stdout.write(JSON.stringify({ npv: r.valuation.npv, parRate: r.valuation.parRate, dv01: r.dv01 }));
