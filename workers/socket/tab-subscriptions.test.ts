import { describe, expect, it } from 'vitest';
import { TabSubscriptions } from './tab-subscriptions';

describe('TabSubscriptions', () => {
  it('asks the server to subscribe on the first holder and unsubscribe on the last', () => {
    const s = new TabSubscriptions();
    expect(s.add('a', 'md.fx.*')).toBe(true);
    expect(s.add('b', 'md.fx.*')).toBe(false);
    expect(s.add('a', 'md.fx.*')).toBe(false);
    expect(s.holderCount('md.fx.*')).toBe(2);
    expect(s.remove('a', 'md.fx.*')).toBe(false);
    expect(s.remove('a', 'md.fx.*')).toBe(false);
    expect(s.remove('b', 'md.fx.*')).toBe(true);
    expect(s.patterns()).toEqual([]);
  });

  it('removing a tab returns only the patterns nobody else holds', () => {
    const s = new TabSubscriptions();
    s.add('a', 'x.1');
    s.add('a', 'x.2');
    s.add('b', 'x.2');
    expect(s.removeTab('a')).toEqual(['x.1']);
    expect(s.patterns()).toEqual(['x.2']);
  });

  it('finds each tab once for a topic matched by several of its patterns', () => {
    const s = new TabSubscriptions();
    s.add('a', 'md.fx.*');
    s.add('a', 'md.**');
    s.add('b', 'md.fx.EURUSD');
    expect(s.tabsFor('md.fx.USDCNY')).toEqual(['a']);
    expect(s.tabsFor('md.fx.EURUSD').sort()).toEqual(['a', 'b']);
    expect(s.tabsFor('news.x')).toEqual([]);
  });
});
