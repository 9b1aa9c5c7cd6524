import { describe, expect, it } from 'vitest';
import { addTab, closeTab, parseTabs, serializeTabs } from './tabs';

const a = { name: 'irsCal', label: 'A' };
const b = { name: 'news', label: 'B' };
const c = { name: 'test', label: 'C' };

describe('tabs', () => {
  it('round-trips through the stored JSON', () => {
    expect(parseTabs(serializeTabs([a, b]))).toEqual([a, b]);
    expect(serializeTabs([a])).toBe('[{"name":"irsCal","label":"A"}]');
  });
  it('drops malformed values, unknown tools and duplicates', () => {
    expect(parseTabs(null)).toEqual([]);
    expect(parseTabs('{')).toEqual([]);
    expect(parseTabs('{"name":"x"}')).toEqual([]);
    expect(parseTabs('[{"name":"nope","label":"x"},1,null,{"name":"news"},{"name":"news","label":"again"}]'))
      .toEqual([{ name: 'news', label: 'news' }]);
  });
  it('adds once', () => {
    const one = addTab([], a);
    expect(one).toEqual([a]);
    expect(addTab(one, { ...a, label: 'other' })).toBe(one);
  });
  it('closing the active tab activates the right neighbour, else the left, else none', () => {
    expect(closeTab([a, b, c], 'news', 'news')).toEqual({ tabs: [a, c], nextActive: 'test' });
    expect(closeTab([a, b, c], 'test', 'test')).toEqual({ tabs: [a, b], nextActive: 'news' });
    expect(closeTab([a], 'irsCal', 'irsCal')).toEqual({ tabs: [], nextActive: null });
  });
  it('closing another tab keeps the active one', () => {
    expect(closeTab([a, b, c], 'irsCal', 'test')).toEqual({ tabs: [b, c], nextActive: 'test' });
    expect(closeTab([a], 'zzz', 'irsCal')).toEqual({ tabs: [a], nextActive: 'irsCal' });
  });
});
