// Left-hand main menu: four collapsible groups; the entries depend on internal vs client.
import { useAtomValue } from 'jotai';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { toolLabel } from '../tools/registry';
import { isInternalUser, menuFor } from './menu';
import { currentUserAtom, K } from './session-bridge';

export function MainMenu({ active, openNames, onOpen, collapsed, onToggle }: {
  active: string;
  openNames: ReadonlySet<string>;
  onOpen: (name: string) => void;
  collapsed: boolean;
  onToggle: () => void;
}) {
  const { t, i18n } = useTranslation();
  const user = useAtomValue(currentUserAtom);
  const internal = isInternalUser(localStorage.getItem(K.Role), user?.role);
  const [closedGroups, setClosedGroups] = useState<ReadonlySet<string>>(new Set());
  const toggleGroup = (g: string) => setClosedGroups((s) => {
    const n = new Set(s);
    if (n.has(g)) n.delete(g); else n.add(g);
    return n;
  });
  return (
    <nav className={`menu${collapsed ? ' menu--collapsed' : ''}`} aria-label={t('menu.title')} data-testid="main-menu" data-internal={internal}>
      <div className="menu__top">
        <span className="menu__title">{internal ? t('menu.internal') : t('menu.title')}</span>
        <button type="button" className="menu__toggle" onClick={onToggle} aria-label={collapsed ? t('menu.expand') : t('menu.collapse')}>
          {collapsed ? '»' : '«'}
        </button>
      </div>
      {menuFor(internal).map(({ group, items }) => (
        <div className="menu__group" key={group}>
          <button type="button" className="menu__grouphead" aria-expanded={!closedGroups.has(group)} onClick={() => toggleGroup(group)}>
            {t(`menu.groups.${group}`)}
            <span aria-hidden>{closedGroups.has(group) ? '+' : '−'}</span>
          </button>
          {!closedGroups.has(group) && (
            <ul className="menu__items">
              {items.map((e) => (
                <li key={e.name}>
                  <button
                    type="button"
                    className={`menu__item${e.name === active ? ' menu__item--active' : ''}${openNames.has(e.name) ? ' menu__item--open' : ''}`}
                    data-tool={e.name}
                    onClick={() => onOpen(e.name)}
                  >
                    {toolLabel(e.name, i18n.language)}
                  </button>
                </li>
              ))}
            </ul>
          )}
        </div>
      ))}
    </nav>
  );
}
