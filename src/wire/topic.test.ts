import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { SubscriptionIndex, isValidPattern, isValidTopic, matchTopic } from './topic';

describe('matchTopic', () => {
  // PROTOCOL.md section 4, verbatim.
  it.each([
    ['md.fx.USDCNY', 'md.fx.USDCNY', true],
    ['md.fx.*', 'md.fx.USDCNY', true],
    ['md.fx.*', 'md.fx.USDCNY.spot', false],
    ['md.*.USDCNY', 'md.fx.USDCNY', true],
    ['md.**', 'md.fx.USDCNY.spot', true],
    ['md.**', 'md', false],
  ])('%s vs %s -> %s', (pattern, topic, expected) => {
    expect(matchTopic(pattern, topic)).toBe(expected);
  });

  it.each([
    ['md.**', 'md.fx', true],
    ['**', 'md', true],
    ['*', 'md', true],
    ['*', 'md.fx', false],
    ['md.fx', 'md.fx.USDCNY', false],
    ['md.fx.USDCNY', 'md.fx', false],
    ['SYS.ATS.LOGIN.abc', 'SYS.ATS.LOGIN.abd', false],
    ['md.*.**', 'md.fx', false],
    ['md.*.**', 'md.fx.USDCNY', true],
  ])('more: %s vs %s -> %s', (pattern, topic, expected) => {
    expect(matchTopic(pattern, topic)).toBe(expected);
  });

  it('validates patterns and topics', () => {
    expect(isValidPattern('md.**')).toBe(true);
    expect(isValidPattern('md.**.x')).toBe(false);
    expect(isValidPattern('md..x')).toBe(false);
    expect(isValidPattern('')).toBe(false);
    expect(isValidPattern('md. x')).toBe(false);
    expect(isValidTopic('md.fx.USDCNY')).toBe(true);
    expect(isValidTopic('md.*')).toBe(false);
    expect(isValidTopic('.md')).toBe(false);
  });
});

const segment = fc.constantFrom('md', 'fx', 'USDCNY', 'EURUSD', 'SYS', 'x');
const topicArb = fc.array(segment, { minLength: 1, maxLength: 4 }).map((s) => s.join('.'));
const patternArb = fc
  .tuple(fc.array(fc.oneof(segment, fc.constant('*')), { minLength: 1, maxLength: 4 }), fc.boolean())
  .map(([s, rest]) => (rest ? [...s, '**'] : s).join('.'))
  .filter(isValidPattern);

describe('SubscriptionIndex', () => {
  it('matches exactly what matchTopic matches, each subscriber once', () => {
    fc.assert(
      fc.property(fc.array(fc.tuple(patternArb, fc.integer({ min: 0, max: 5 })), { maxLength: 30 }), topicArb, (subs, topic) => {
        const index = new SubscriptionIndex<number>();
        for (const [p, s] of subs) index.add(p, s);
        const expected = new Set(subs.filter(([p]) => matchTopic(p, topic)).map(([, s]) => s));
        const got = index.match(topic);
        expect(got.length).toBe(new Set(got).size);
        expect(new Set(got)).toEqual(expected);
      }),
    );
  });

  it('removes subscriptions and prunes back to empty', () => {
    fc.assert(
      fc.property(fc.array(fc.tuple(patternArb, fc.integer({ min: 0, max: 3 })), { maxLength: 20 }), (subs) => {
        const index = new SubscriptionIndex<number>();
        for (const [p, s] of subs) index.add(p, s);
        for (const [p, s] of subs) index.remove(p, s);
        expect(index.size).toBe(0);
        expect((index as unknown as { root: { isEmpty(): boolean } }).root.isEmpty()).toBe(true);
      }),
    );
  });

  it('keeps other subscribers of a removed pattern', () => {
    const index = new SubscriptionIndex<string>();
    expect(index.add('md.fx.*', 'a')).toBe(true);
    expect(index.add('md.fx.*', 'a')).toBe(false);
    index.add('md.fx.*', 'b');
    index.add('md.**', 'c');
    expect(index.remove('md.fx.*', 'a')).toBe(true);
    expect(index.remove('md.fx.*', 'a')).toBe(false);
    expect(index.match('md.fx.USDCNY').sort()).toEqual(['b', 'c']);
    expect(index.size).toBe(2);
  });

  it('fans out to thousands of subscribers of one topic', () => {
    const index = new SubscriptionIndex<number>();
    for (let i = 0; i < 5000; i++) index.add(`md.fx.P${i}`, i);
    for (let i = 0; i < 3000; i++) index.add('md.fx.USDCNY', 10_000 + i);
    expect(index.match('md.fx.USDCNY').length).toBe(3000);
    expect(index.match('md.fx.P42')).toEqual([42]);
  });
});
