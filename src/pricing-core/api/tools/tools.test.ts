// The tool table as the pricing core's API: usable without the server, errors as coded
// ServiceErrors, and the one table both the gateway and the browser's offline worker serve.
import { describe, expect, it } from 'vitest';
import { BAD_REQUEST, NO_INVERSE, priceRequests, ServiceError, tools } from './index';
import { ServiceError as ContractsServiceError } from '../../../../server/contracts';
import { offlineMethods } from '../../../kit/pricing/offline-core';

function thrown(f: () => unknown): unknown {
  try {
    f();
  } catch (e) {
    return e;
  }
  throw new Error('did not throw');
}

describe('pricing-core tool table', () => {
  it('answers a tool call with Code 0 and the core result', () => {
    // F = S e^{(rd - rf) t}: 1.1 * e^{0.02} = 1.12222...
    const r = tools['ATS.OPTPRICINGSVR.FORWARD'](JSON.stringify({ spot: 1.1, t: 1, rd: 0.04, rf: 0.02 }));
    expect(r.Code).toBe(0);
    expect(r.forward).toBeCloseTo(1.1 * Math.exp(0.02), 12);
    expect(tools['ATS.OPTPRICINGSVR.FORWARD'](JSON.stringify({ spot: 1.1, swapPoints: 25 })).forward).toBeCloseTo(1.1025, 12);
  });

  it('bad input is a ServiceError 2001 naming the field; the server contract is the same class', () => {
    const e = thrown(() => tools['ATS.OPTPRICINGSVR.FORWARD']('{"spot":"x"}'));
    expect(e).toBeInstanceOf(ServiceError);
    expect(e).toBeInstanceOf(ContractsServiceError);
    expect((e as ServiceError).code).toBe(BAD_REQUEST);
    expect((e as Error).message).toMatch(/spot/);
    expect((thrown(() => tools['ATS.OPTPRICINGSVR.FORWARD']('not json')) as ServiceError).code).toBe(BAD_REQUEST);
    expect(NO_INVERSE).toBe('2002');
  });

  it('PRICE content: { requests } or a bare array; anything else refused', () => {
    expect(priceRequests('{"requests":[{"model":"forward"}]}')).toEqual([{ model: 'forward' }]);
    expect(priceRequests('[1,2]')).toEqual([1, 2]);
    expect((thrown(() => priceRequests('{"requests":3}')) as ServiceError).code).toBe(BAD_REQUEST);
  });

  it('the browser offline worker answers every method of the table', () => {
    const offline = new Set(offlineMethods());
    for (const m of Object.keys(tools)) expect(offline.has(m), m).toBe(true);
    // the FX forward and rate option tables are part of it
    for (const m of ['FXSWAP', 'RATEOPTION', 'SWAPTIONGRID', 'SABRCALIBRATE']) expect(Object.keys(tools)).toContain(`ATS.OPTPRICINGSVR.${m}`);
  });
});
