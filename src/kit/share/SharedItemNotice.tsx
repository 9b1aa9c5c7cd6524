// What useSharedItem reports, on screen: "loading", the outcome of opening a shared link
// ("not found", "not shared with you", loaded from whom), and the one-time share tip.
import { Alert, Button, CloseButton, Dialog, Portal, Text } from '@chakra-ui/react';
import { useStrings } from '../i18n';
import type { SharedItemState } from './hooks';
import { shareStrings } from './i18n';
import { useMessageText } from './ShareDialog';

export function SharedItemNotice<P>({ state }: { state: SharedItemState<P> }) {
  const { t } = useStrings(shareStrings);
  const text = useMessageText();
  return (
    <>
      {state.status === 'loading' && (
        <Text role="status" fontSize="sm" color="fg.muted" data-testid="shared-item-status">{t('loading')}</Text>
      )}
      {state.status === 'loaded' && state.item && state.item.access !== 'owner' && (
        <Text role="status" fontSize="sm" color="fg.muted" data-testid="shared-item-status">
          {t('openedShared', { name: state.item.name, owner: state.item.owner })}
        </Text>
      )}
      {state.message && (
        <Alert.Root status="error" size="sm" role="alert" data-testid="shared-item-error">
          <Alert.Indicator />
          <Alert.Title flex="1">{text(state.message)}</Alert.Title>
          <CloseButton size="xs" aria-label={t('close')} onClick={state.dismiss} />
        </Alert.Root>
      )}
      <Dialog.Root open={state.tip} onOpenChange={(e) => !e.open && state.dismissTip()} size="sm" role="alertdialog">
        <Portal>
          <Dialog.Backdrop />
          <Dialog.Positioner>
            <Dialog.Content data-testid="share-tip">
              <Dialog.Header>
                <Dialog.Title>{t('tip.title')}</Dialog.Title>
              </Dialog.Header>
              <Dialog.Body>
                <Text fontSize="sm">{t('tip.body')}</Text>
              </Dialog.Body>
              <Dialog.Footer>
                <Button size="sm" colorPalette="blue" onClick={state.dismissTip} data-testid="share-tip-ok">{t('tip.ok')}</Button>
              </Dialog.Footer>
            </Dialog.Content>
          </Dialog.Positioner>
        </Portal>
      </Dialog.Root>
    </>
  );
}
