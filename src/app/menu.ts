// Main-menu content: the four groups of SPEC section 2 and who sees what.
// Internal users (the platform's own staff) are recognised by the current-user record's
// `role` === 'internal' or localStorage `Role` === 'internal'. They see internal-only
// research tools and not the client trading screen; clients see the reverse.
import { TOOLS, type MenuGroup, type ToolEntry } from '../tools/registry';

export const MENU_GROUPS: readonly Exclude<MenuGroup, 'account'>[] = ['marketReference', 'fxOptions', 'fixedIncome', 'system'];

export function isInternalUser(storedRole: string | null | undefined, userRole: unknown): boolean {
  return storedRole === 'internal' || userRole === 'internal';
}

export interface MenuSection {
  group: Exclude<MenuGroup, 'account'>;
  items: ToolEntry[];
}

export function menuFor(internal: boolean): MenuSection[] {
  const visible = (e: ToolEntry) => e.audience === 'all' || e.audience === (internal ? 'internal' : 'client');
  return MENU_GROUPS.map((group) => ({ group, items: TOOLS.filter((e) => e.group === group && visible(e)) }));
}
