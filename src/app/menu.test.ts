import { describe, expect, it } from 'vitest';
import { TOOLS } from '../tools/registry';
import { isInternalUser, menuFor } from './menu';

const names = (internal: boolean) => menuFor(internal).flatMap((s) => s.items.map((i) => i.name));

describe('main menu', () => {
  it('has the four groups in order', () => {
    expect(menuFor(false).map((s) => s.group)).toEqual(['marketReference', 'fxOptions', 'fixedIncome', 'system']);
  });
  it('clients see the client trading screen and no internal tools', () => {
    const n = names(false);
    expect(n).toContain('agentTransaction');
    expect(n).not.toContain('backTest');
    expect(n).not.toContain('test');
  });
  it('internal users see internal tools and not the client screen', () => {
    const n = names(true);
    expect(n).toContain('backTest');
    expect(n).toContain('test');
    expect(n).not.toContain('agentTransaction');
  });
  it('every SPEC tool route is somewhere in one of the two menus; account panels are not', () => {
    const all = new Set([...names(true), ...names(false)]);
    for (const e of TOOLS) expect(all.has(e.name), e.name).toBe(e.group !== 'account');
  });
  it('recognises internal users by stored Role or the user record', () => {
    expect(isInternalUser('internal', undefined)).toBe(true);
    expect(isInternalUser('bank', 'internal')).toBe(true);
    expect(isInternalUser('bank', 'bank')).toBe(false);
    expect(isInternalUser(null, null)).toBe(false);
  });
});
