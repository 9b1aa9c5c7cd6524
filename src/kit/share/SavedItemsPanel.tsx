// Save / load / rename / delete / share for one tool, in one small panel a tool drops
// beside its inputs. The tool gives what to save (`current()`) and what to do with a loaded
// payload (`onLoad`); the panel talks to ShareSvr through useSavedItems.
import { Alert, Box, Button, Field, Heading, HStack, Input, Stack, Text } from '@chakra-ui/react';
import { useState } from 'react';
import { beijingStamp } from '../format/dates';
import { useStrings } from '../i18n';
import type { SharedItem, SharedItemMeta } from './api';
import { acceptPayload, useSavedItems } from './hooks';
import type { StateSpec } from '../tool-state/codec';
import { shareStrings } from './i18n';
import type { UserMessage } from './messages';
import { checkName } from './rules';
import { ShareDialog, useMessageText } from './ShareDialog';

export interface SavedItemsPanelProps<P> {
  tool: string;
  /** The payload to save now (the tool's inputs). */
  current(): P;
  /** The tool's payload version (stored with the item). */
  version?: number;
  onLoad(payload: P, item: SharedItem<P>): void;
  /** Route the share links open (default: the tool's own). */
  route?: string;
  /** The tool's payload schema: a loaded payload is validated (salvaged or refused) first. */
  spec?: Omit<StateSpec<P>, 'key'>;
}

/** When an item was saved or shared, on the desk's clock in the app's date form (not the browser's `11/24/2026, 3:31:30 AM`). */
function savedAt(at: string | number): string {
  return beijingStamp(at)?.slice(0, 16) ?? String(at);
}

function ItemRow({ item, children }: { item: SharedItemMeta; children: React.ReactNode }) {
  return (
    <HStack as="li" justify="space-between" gap="2" py="1" borderBottomWidth="1px" borderColor="gray.100" data-testid="saved-item" data-item-id={item.id}>
      <Box minW="0">
        <Text fontSize="sm" fontWeight="medium" truncate>{item.name}</Text>
        <Text fontSize="xs" color="fg.muted">{savedAt(item.sharedAt ?? item.updatedAt)}</Text>
      </Box>
      <HStack gap="1" flexShrink={0}>{children}</HStack>
    </HStack>
  );
}

export function SavedItemsPanel<P>({ tool, current, version = 1, onLoad, route, spec }: SavedItemsPanelProps<P>) {
  const { t } = useStrings(shareStrings);
  const text = useMessageText();
  const items = useSavedItems(tool);
  const [name, setName] = useState('');
  const [nameError, setNameError] = useState<UserMessage | null>(null);
  const [failure, setFailure] = useState<UserMessage | null>(null);
  const [note, setNote] = useState<string | null>(null);
  const [currentId, setCurrentId] = useState<string | null>(null);
  const [renaming, setRenaming] = useState<{ id: string; name: string } | null>(null);
  const [confirmDelete, setConfirmDelete] = useState<string | null>(null);
  const [sharing, setSharing] = useState<SharedItemMeta | null>(null);

  const show = (m: UserMessage) => {
    setNote(null);
    if (m.field === 'name') setNameError(m);
    else setFailure(m);
  };
  const clear = () => {
    setNameError(null);
    setFailure(null);
    setNote(null);
  };

  const save = async (asNew: boolean) => {
    clear();
    const checked = checkName(tool, name);
    if (!checked.ok) return setNameError({ key: checked.key, field: 'name' });
    const r = await items.save(checked.name, current(), { version, id: asNew ? undefined : currentId ?? undefined });
    if (!r.ok) return show(r.message);
    setCurrentId(r.value.id);
    setNote(t('saved'));
  };

  const load = async (ref: string, own: boolean) => {
    clear();
    const r = await items.load<P>(ref);
    if (!r.ok) return show(r.message);
    const accepted = acceptPayload(spec, r.value);
    if (!accepted) return show({ key: 'share:errors.unreadable' });
    onLoad(accepted.value, { ...r.value, payload: accepted.value });
    if (own) {
      setCurrentId(r.value.id);
      setName(r.value.name);
    }
  };

  const rename = async () => {
    if (!renaming) return;
    clear();
    const r = await items.rename(renaming.id, renaming.name);
    if (!r.ok) return show(r.message);
    setRenaming(null);
  };

  const remove = async (id: string) => {
    clear();
    setConfirmDelete(null);
    const r = await items.remove(id);
    if (!r.ok) return show(r.message);
    if (currentId === id) setCurrentId(null);
  };

  const currentItem = currentId ? items.mine.find((i) => i.id === currentId) : undefined;
  return (
    <Stack gap="3" data-testid="saved-items-panel">
      <Field.Root invalid={!!nameError}>
        <Field.Label>{t('name')}</Field.Label>
        <HStack w="100%">
          <Input size="sm" value={name} data-testid="save-name" onChange={(e) => { setName(e.target.value); setNameError(null); }}
            onKeyDown={(e) => { if (e.key === 'Enter') void save(!currentItem); }} />
          <Button size="sm" colorPalette="blue" data-testid="save-item" onClick={() => void save(!currentItem)}>{t('save')}</Button>
          {currentItem && <Button size="sm" variant="outline" data-testid="save-item-new" onClick={() => void save(true)}>{t('saveAs')}</Button>}
        </HStack>
        {nameError && <Field.ErrorText role="alert" data-testid="save-name-error">{text(nameError)}</Field.ErrorText>}
      </Field.Root>
      {failure && (
        <Alert.Root status="error" size="sm" role="alert" data-testid="saved-items-error">
          <Alert.Indicator />
          <Alert.Title>{text(failure)}</Alert.Title>
        </Alert.Root>
      )}
      {items.error && !failure && (
        <Alert.Root status="warning" size="sm" role="alert">
          <Alert.Indicator />
          <Alert.Title>{text(items.error)}</Alert.Title>
        </Alert.Root>
      )}
      {note && <Text role="status" fontSize="sm" color="green.700" data-testid="saved-items-note">{note}</Text>}

      <Box>
        <Heading size="xs" mb="1">{t('myItems')}</Heading>
        {items.mine.length === 0 ? (
          <Text fontSize="sm" color="fg.muted">{items.loading ? t('loading') : t('empty')}</Text>
        ) : (
          <Box as="ul" listStyleType="none" data-testid="my-items">
            {items.mine.map((item) =>
              renaming?.id === item.id ? (
                <HStack as="li" key={item.id} py="1">
                  <Input size="xs" aria-label={t('rename')} value={renaming.name} autoFocus data-testid="rename-input"
                    onChange={(e) => setRenaming({ id: item.id, name: e.target.value })}
                    onKeyDown={(e) => { if (e.key === 'Enter') void rename(); if (e.key === 'Escape') setRenaming(null); }} />
                  <Button size="xs" onClick={() => void rename()} data-testid="rename-ok">OK</Button>
                </HStack>
              ) : (
                <ItemRow key={item.id} item={item}>
                  <Button size="xs" variant="ghost" onClick={() => void load(item.id, true)} data-testid="load-item">{t('load')}</Button>
                  <Button size="xs" variant="ghost" onClick={() => setRenaming({ id: item.id, name: item.name })} data-testid="rename-item">{t('rename')}</Button>
                  <Button size="xs" variant="ghost" onClick={() => setSharing(item)} data-testid="share-item">{t('share')}</Button>
                  <Button size="xs" variant="ghost" colorPalette="red" data-testid="delete-item"
                    aria-label={confirmDelete === item.id ? t('confirmDelete', { name: item.name }) : t('delete')}
                    onClick={() => (confirmDelete === item.id ? void remove(item.id) : setConfirmDelete(item.id))}>
                    {confirmDelete === item.id ? t('confirmDelete', { name: item.name }) : t('delete')}
                  </Button>
                </ItemRow>
              ),
            )}
          </Box>
        )}
      </Box>

      <Box>
        <Heading size="xs" mb="1">{t('sharedWithMe')}</Heading>
        {items.sharedWithMe.length === 0 ? (
          <Text fontSize="sm" color="fg.muted">{items.loading ? t('loading') : t('empty')}</Text>
        ) : (
          <Box as="ul" listStyleType="none" data-testid="shared-with-me">
            {items.sharedWithMe.map((item) => (
              <ItemRow key={item.id} item={item}>
                <Text fontSize="xs" color="fg.muted">{t('sharedBy', { owner: item.owner })}</Text>
                <Button size="xs" variant="ghost" onClick={() => void load(item.id, false)} data-testid="load-shared-item">{t('load')}</Button>
              </ItemRow>
            ))}
          </Box>
        )}
      </Box>
      {sharing && (
        <ShareDialog tool={tool} route={route} item={items.mine.find((i) => i.id === sharing.id) ?? sharing} open onClose={() => setSharing(null)} onChanged={() => void items.reload()} />
      )}
    </Stack>
  );
}
