// Saved packages of the editor, through the kit's share service (tool `structuredProducts`):
// save (the name is the package's own, letters only and unique: "Package name exists"; a
// re-save of the open package raises its version), save as new, open, rename (the text's
// `package` line follows), delete, share (to a user, by `?structureId=` link) and the
// packages shared with me. The free-version cap and every refusal come back as the kit's
// messages in the user's language.
import { useState } from 'react';
import { useStrings } from '../../kit/i18n';
import { ShareDialog, checkName, useSavedItems, type SharedItemMeta, type UserMessage } from '../../kit/share';
import { useMessageText } from '../../kit/share/ShareDialog';
import { strings } from './i18n';
import { PAYLOAD_VERSION, type PackagePayload } from './state';

export interface PackagesPanelProps {
  items: ReturnType<typeof useSavedItems>;
  /** The open package's name (from its text) and version; null when the text does not parse. */
  current: { name: string; version: number } | null;
  /** The definition is valid (save refused otherwise). */
  valid: boolean;
  /** The first error of the definition, worded, when not valid. */
  firstError: string | null;
  openId: string | null;
  /** The payload to save with `version` written into the text. */
  payload(version: number): PackagePayload;
  onSaved(id: string, savedSrc: string): void;
  onOpen(payload: PackagePayload, item: SharedItemMeta, own: boolean): void;
  onRenamed(id: string, name: string): void;
  onDeleted(id: string): void;
}

export function PackagesPanel(p: PackagesPanelProps) {
  const { t } = useStrings(strings);
  const text = useMessageText();
  const [msg, setMsg] = useState<{ kind: 'ok' | 'error'; text: string } | null>(null);
  const [renaming, setRenaming] = useState<{ id: string; name: string } | null>(null);
  const [confirm, setConfirm] = useState<string | null>(null);
  const [sharing, setSharing] = useState<string | null>(null);
  const items = p.items;
  // The package just saved is the open one even before the list of items has reloaded (a
  // second save right after the first is a new revision, not a clash with its own name).
  const [justSaved, setJustSaved] = useState<{ id: string; name: string } | null>(null);
  const open = p.openId ? items.mine.find((i) => i.id === p.openId) ?? (justSaved?.id === p.openId ? justSaved : undefined) : undefined;

  const fail = (m: UserMessage) => setMsg({ kind: 'error', text: text(m) });

  const save = async (asNew: boolean) => {
    setMsg(null);
    if (!p.current || !p.valid) return setMsg({ kind: 'error', text: p.firstError ?? t('packages.fixFirst') });
    const checked = checkName('structuredProducts', p.current.name);
    if (!checked.ok) return fail({ key: checked.key });
    // Re-saving the open package under its own name: a new revision of it.
    const update = !asNew && open && open.name.toLowerCase() === checked.name.toLowerCase();
    const version = update ? p.current.version + 1 : p.current.version;
    const payload = p.payload(version);
    const r = await items.save<PackagePayload>(checked.name, payload, { version: PAYLOAD_VERSION, id: update ? open.id : undefined });
    if (!r.ok) return fail(r.message);
    setJustSaved({ id: r.value.id, name: checked.name });
    p.onSaved(r.value.id, payload.src);
    setMsg({ kind: 'ok', text: t('packages.saved', { name: checked.name, v: version }) });
  };

  const openItem = async (item: SharedItemMeta, own: boolean) => {
    setMsg(null);
    const r = await items.load<PackagePayload>(item.id);
    if (!r.ok) return fail(r.message);
    p.onOpen(r.value.payload, item, own);
    setMsg({ kind: 'ok', text: t('packages.opened', { name: item.name }) });
  };

  const rename = async () => {
    if (!renaming) return;
    setMsg(null);
    const checked = checkName('structuredProducts', renaming.name);
    if (!checked.ok) return fail({ key: checked.key });
    const r = await items.rename(renaming.id, checked.name);
    if (!r.ok) return fail(r.message);
    p.onRenamed(renaming.id, checked.name);
    setRenaming(null);
  };

  const remove = async (id: string) => {
    setConfirm(null);
    setMsg(null);
    const r = await items.remove(id);
    if (!r.ok) return fail(r.message);
    p.onDeleted(id);
  };

  const sharingItem = sharing ? items.mine.find((i) => i.id === sharing) : undefined;
  return (
    <div className="sp-packages" data-testid="packages-panel">
      <div className="sp-packages__actions">
        <button type="button" className="btn btn--primary" data-testid="package-save" onClick={() => void save(false)}>
          {t('packages.save')}
        </button>
        {open ? (
          <button type="button" className="btn" data-testid="package-save-new" onClick={() => void save(true)}>
            {t('packages.saveAs')}
          </button>
        ) : null}
        {p.current ? <span className="sp-muted" data-testid="package-current">{p.current.name} · {t('version', { v: p.current.version })}</span> : null}
      </div>
      {msg ? (
        <p role={msg.kind === 'error' ? 'alert' : 'status'} className={msg.kind === 'error' ? 'sp-alert' : 'sp-ok'} data-testid={msg.kind === 'error' ? 'package-error' : 'package-note'}>
          {msg.text}
        </p>
      ) : null}
      <h3 className="sp-h3">{t('packages.mine')}</h3>
      {items.mine.length === 0 ? (
        <p className="sp-muted">{t('packages.empty')}</p>
      ) : (
        <ul className="sp-list" data-testid="my-packages">
          {items.mine.map((item) => (
            <li key={item.id} data-item-id={item.id} data-name={item.name}>
              {renaming?.id === item.id ? (
                <span className="sp-list__row">
                  <input className="kit-input" aria-label={t('packages.renameTo')} value={renaming.name} autoFocus data-testid="package-rename-input"
                    onChange={(e) => setRenaming({ id: item.id, name: e.target.value })}
                    onKeyDown={(e) => { if (e.key === 'Enter') void rename(); if (e.key === 'Escape') setRenaming(null); }} />
                  <button type="button" className="btn btn--sm" onClick={() => void rename()} data-testid="package-rename-ok">OK</button>
                </span>
              ) : (
                <span className="sp-list__row">
                  <span className="sp-list__name">
                    {item.name}
                    {item.id === p.openId ? <em className="sp-tag">{t('packages.current')}</em> : null}
                    {item.linkToken || item.sharedWith?.length ? <em className="sp-tag sp-tag--share">{t('packages.share')}</em> : null}
                  </span>
                  <span className="sp-list__btns">
                    <button type="button" className="btn btn--sm" onClick={() => void openItem(item, true)} data-testid="package-open">{t('packages.load')}</button>
                    <button type="button" className="btn btn--sm" onClick={() => setRenaming({ id: item.id, name: item.name })} data-testid="package-rename">{t('packages.rename')}</button>
                    <button type="button" className="btn btn--sm" onClick={() => setSharing(item.id)} data-testid="package-share">{t('packages.share')}</button>
                    <button type="button" className="btn btn--sm btn--danger" data-testid="package-delete"
                      onClick={() => (confirm === item.id ? void remove(item.id) : setConfirm(item.id))}>
                      {confirm === item.id ? t('packages.confirmDelete', { name: item.name }) : t('packages.delete')}
                    </button>
                  </span>
                </span>
              )}
            </li>
          ))}
        </ul>
      )}
      <h3 className="sp-h3">{t('packages.sharedWithMe')}</h3>
      {items.sharedWithMe.length === 0 ? (
        <p className="sp-muted">{t('packages.empty')}</p>
      ) : (
        <ul className="sp-list" data-testid="shared-packages">
          {items.sharedWithMe.map((item) => (
            <li key={item.id}>
              <span className="sp-list__row">
                <span className="sp-list__name">{item.name} <span className="sp-muted">{t('packages.sharedBy', { owner: item.owner })}</span></span>
                <span className="sp-list__btns">
                  <button type="button" className="btn btn--sm" onClick={() => void openItem(item, false)} data-testid="shared-package-open">{t('packages.load')}</button>
                </span>
              </span>
            </li>
          ))}
        </ul>
      )}
      {sharingItem ? <ShareDialog tool="structuredProducts" item={sharingItem} open onClose={() => setSharing(null)} onChanged={() => void items.reload()} /> : null}
    </div>
  );
}
