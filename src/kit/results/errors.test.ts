import { describe, expect, it } from 'vitest';
import { describeError, ToolFailure } from './errors';

describe('describeError', () => {
  it.each([
    [new ToolFailure('inverseFailed'), 'inverseFailed'],
    [{ code: 'timeout', message: 'OptPricingSvr PRICE: no reply within 30000 ms' }, 'timeout'],
    [{ Code: '9999', msg: 'timeout' }, 'timeout'],
    [{ Code: '9999', msg: 'server error' }, 'server'],
    [{ Code: '9503', msg: 'database unavailable, retry shortly' }, 'unavailable'],
    [{ code: '4029' }, 'busy'],
    [{ code: '1009' }, 'session'],
    [{ code: '2001', message: 'field spot must be a finite number' }, 'badInput'],
    [{ code: '2001', message: 'implied volatility did not converge' }, 'inverseFailed'],
    [{ error: 'no solution in bracket' }, 'inverseFailed'],
    [new Error('Inverse result cannot be obtained, check input'), 'inverseFailed'],
    [new Error('calculation failure'), 'calculationFailed'],
    [new RangeError('strike must be positive'), 'badInput'],
    ['something odd', 'calculationFailed'],
    [42, 'calculationFailed'],
    [{ code: 'offline' }, 'offline'],
  ])('%j -> %s', (e, code) => {
    expect(describeError(e).code).toBe(code);
  });
  it('keeps technical detail and a tool’s own words', () => {
    expect(describeError({ code: '2001', message: 'field spot must be a finite number' }).detail).toBe('field spot must be a finite number');
    expect(describeError(new ToolFailure('badInput', undefined, { zh: '请只留一项为空', en: 'Leave exactly one field empty' })).words?.en).toBe('Leave exactly one field empty');
  });
});
