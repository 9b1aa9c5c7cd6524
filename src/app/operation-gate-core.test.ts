import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { evaluateOperation } from './operation-gate-core';

describe('operation gate', () => {
  it('free users: the first operation sets opNum to 1', () => {
    expect(evaluateOperation({ inf5: '0', limit: 3, opNum: null })).toEqual({ allowed: true, opNum: 1, events: ['opNumChange'] });
  });
  it('increments below the limit and raises exceeded when the count reaches it', () => {
    expect(evaluateOperation({ inf5: '0', limit: 3, opNum: '1' })).toEqual({ allowed: true, opNum: 2, events: ['opNumChange'] });
    expect(evaluateOperation({ inf5: '0', limit: 3, opNum: '2' })).toEqual({ allowed: true, opNum: 3, events: ['opNumChange', 'exceeded'] });
  });
  it('blocks at or above the limit with opNumExceed and leaves the counter', () => {
    expect(evaluateOperation({ inf5: '0', limit: 3, opNum: '3' })).toEqual({ allowed: false, reason: 'limit', events: ['opNumExceed'] });
    expect(evaluateOperation({ inf5: '0', limit: 3, opNum: '9' }).allowed).toBe(false);
  });
  it('a limit of 0 or less (or unset) does not count', () => {
    expect(evaluateOperation({ inf5: '0', limit: 0, opNum: '50' })).toEqual({ allowed: true, events: [] });
    expect(evaluateOperation({ inf5: '0', limit: NaN, opNum: null })).toEqual({ allowed: true, events: [] });
  });
  it('trial and licensed users are unrestricted', () => {
    for (const inf5 of ['1', '2']) expect(evaluateOperation({ inf5, limit: 1, opNum: '99' })).toEqual({ allowed: true, events: [] });
  });
  it('forbidden users are always blocked', () => {
    expect(evaluateOperation({ inf5: '3', limit: 0, opNum: null })).toEqual({ allowed: false, reason: 'forbidden', events: ['opNumForbidden'] });
  });
  it('a garbled counter restarts at 1', () => {
    expect(evaluateOperation({ inf5: '0', limit: 5, opNum: 'abc' }).opNum).toBe(1);
  });
  it('a free user gets exactly `limit` operations from a fresh counter', () => {
    fc.assert(fc.property(fc.integer({ min: 1, max: 40 }), (limit) => {
      let opNum: string | null = null;
      let allowed = 0;
      for (let i = 0; i < limit + 5; i++) {
        const r = evaluateOperation({ inf5: '0', limit, opNum });
        if (r.allowed) allowed++;
        if (r.opNum !== undefined) opNum = String(r.opNum);
      }
      return allowed === limit;
    }));
  });
});
