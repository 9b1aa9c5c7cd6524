// The share dialog: share an item to a user (user name or mobile), see and withdraw those
// shares, copy the item's link, and turn a public link (anyone signed in) on or off.
// Errors use the SPEC wording: "does not exist, please re-enter", "share failure".
import { Alert, Box, Button, CloseButton, Dialog, Field, HStack, Input, Portal, Stack, Tag, Text } from '@chakra-ui/react';
import { useEffect, useRef, useState, type ReactNode } from 'react';
import { useStrings } from '../i18n';
import type { SharedItemMeta } from './api';
import { useShareApi } from './hooks';
import { shareStrings } from './i18n';
import { itemLink, publicLink } from './links';
import { shareErrorMessage, type UserMessage } from './messages';
import { rulesFor } from './rules';

export interface ShareDialogProps {
  tool: string;
  /** One of the caller's own items (owner fields present). */
  item: SharedItemMeta;
  open: boolean;
  onClose(): void;
  /** Called after each change (the list beside it refreshes). */
  onChanged?(): void;
  /** Route the links open, when the item is shown on another route than the tool's own. */
  route?: string;
}

export function useMessageText() {
  const { t } = useStrings(shareStrings);
  return (m: UserMessage) => [t(m.key, m.values), m.hintKey ? t(m.hintKey, m.values) : ''].filter(Boolean).join(' ');
}

function CopyRow({ label, value, testId, onCopied }: { label: string; value: string; testId: string; onCopied(ok: boolean): void }) {
  const { t } = useStrings(shareStrings);
  const ref = useRef<HTMLInputElement>(null);
  const copy = async () => {
    try {
      await navigator.clipboard.writeText(value);
      onCopied(true);
    } catch {
      ref.current?.select();
      onCopied(false);
    }
  };
  return (
    <Field.Root>
      <Field.Label>{label}</Field.Label>
      <HStack w="100%">
        <Input ref={ref} readOnly value={value} data-testid={testId} onFocus={(e) => e.currentTarget.select()} size="sm" />
        <Button size="sm" variant="outline" onClick={() => void copy()} data-testid={`${testId}-copy`}>
          {t('copy')}
        </Button>
      </HStack>
    </Field.Root>
  );
}

export function ShareDialog({ tool, item, open, onClose, onChanged, route }: ShareDialogProps) {
  const { t } = useStrings(shareStrings);
  const text = useMessageText();
  const api = useShareApi();
  const [target, setTarget] = useState('');
  const [targetError, setTargetError] = useState<UserMessage | null>(null);
  const [failure, setFailure] = useState<UserMessage | null>(null);
  const [note, setNote] = useState<string | null>(null);
  const [sharedWith, setSharedWith] = useState<string[]>(item.sharedWith ?? []);
  const [token, setToken] = useState<string | null>(item.linkToken ?? null);
  const [busy, setBusy] = useState(false);

  useEffect(() => {
    setSharedWith(item.sharedWith ?? []);
    setToken(item.linkToken ?? null);
  }, [item]);

  const run = async (work: () => Promise<void>, onError: (m: UserMessage) => void) => {
    setBusy(true);
    setNote(null);
    setFailure(null);
    try {
      await work();
      onChanged?.();
    } catch (e) {
      onError(shareErrorMessage(e, 'share'));
    } finally {
      setBusy(false);
    }
  };

  const share = () =>
    run(
      async () => {
        setTargetError(null);
        const who = target.trim();
        setSharedWith(await api.shareToUser(item.id, who));
        setTarget('');
        setNote(t('sharedDone', { target: who }));
      },
      (m) => (m.field === 'target' ? setTargetError(m) : setFailure(m)),
    );

  const link = itemLink(tool, item, { route });
  const open_ = token ? publicLink(tool, token, { route }) : null;
  const copied = (ok: boolean) => setNote(ok ? t('copied') : t('copyFailed'));

  const body: ReactNode = (
    <Stack gap="5">
      <Field.Root invalid={!!targetError}>
        <Field.Label>{t('target')}</Field.Label>
        <HStack w="100%">
          <Input
            value={target}
            data-testid="share-target"
            autoComplete="off"
            onChange={(e) => {
              setTarget(e.target.value);
              setTargetError(null);
            }}
            onKeyDown={(e) => {
              if (e.key === 'Enter' && target.trim()) void share();
            }}
          />
          <Button onClick={() => void share()} loading={busy} disabled={!target.trim()} colorPalette="blue" data-testid="share-to-user">
            {t('shareToUser')}
          </Button>
        </HStack>
        {targetError && (
          <Field.ErrorText role="alert" data-testid="share-target-error">
            {text(targetError)}
          </Field.ErrorText>
        )}
      </Field.Root>

      <Box>
        {sharedWith.length === 0 ? (
          <Text fontSize="sm" color="fg.muted">{t('notSharedYet')}</Text>
        ) : (
          <HStack wrap="wrap" gap="2" data-testid="shared-with">
            {sharedWith.map((who) => (
              <Tag.Root key={who} size="md">
                <Tag.Label>{who}</Tag.Label>
                <Tag.EndElement>
                  <Tag.CloseTrigger
                    aria-label={`${t('unshare')} ${who}`}
                    onClick={() => void run(async () => { await api.unshare(item.id, who); setSharedWith((l) => l.filter((x) => x !== who)); }, setFailure)}
                  />
                </Tag.EndElement>
              </Tag.Root>
            ))}
          </HStack>
        )}
      </Box>

      {link && <CopyRow label={t('restrictedLink')} value={link} testId="share-item-link" onCopied={copied} />}
      {link && (open_ ? (
        <Stack gap="2">
          <CopyRow label={t('anyoneLink')} value={open_} testId="share-public-link" onCopied={copied} />
          <Button size="sm" variant="ghost" colorPalette="red" alignSelf="flex-start" data-testid="share-revoke-link"
            onClick={() => void run(async () => { await api.revokeLink(item.id); setToken(null); setNote(t('linkRevoked')); }, setFailure)}>
            {t('revokeLink')}
          </Button>
        </Stack>
      ) : rulesFor(tool).link?.by === 'ref' ? (
        <Button size="sm" variant="outline" alignSelf="flex-start" data-testid="share-create-link" loading={busy}
          onClick={() => void run(async () => setToken(await api.shareLink(item.id)), setFailure)}>
          {t('createLink')}
        </Button>
      ) : null)}

      {failure && (
        <Alert.Root status="error" size="sm" role="alert" data-testid="share-error">
          <Alert.Indicator />
          <Alert.Title>{text(failure)}</Alert.Title>
        </Alert.Root>
      )}
      {note && (
        <Text role="status" fontSize="sm" color="green.700" data-testid="share-note">
          {note}
        </Text>
      )}
    </Stack>
  );

  return (
    <Dialog.Root open={open} onOpenChange={(e) => !e.open && onClose()} size="md" closeOnInteractOutside={false}>
      <Portal>
        <Dialog.Backdrop />
        <Dialog.Positioner>
          <Dialog.Content data-testid="share-dialog">
            <Dialog.Header>
              <Dialog.Title>{t('shareTitle', { name: item.name })}</Dialog.Title>
            </Dialog.Header>
            <Dialog.Body pb="6">{body}</Dialog.Body>
            <Dialog.CloseTrigger asChild>
              <CloseButton size="sm" aria-label={t('close')} />
            </Dialog.CloseTrigger>
          </Dialog.Content>
        </Dialog.Positioner>
      </Portal>
    </Dialog.Root>
  );
}
