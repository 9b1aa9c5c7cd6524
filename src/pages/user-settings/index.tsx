// User settings: the account as the server knows it (user name cannot change), profile
// editing (goes to review), password change (forces a new login) and logout.
import { Badge, Box, Button, DataList, Flex, Heading, HStack, Separator, Spinner, Stack, Text } from '@chakra-ui/react';
import { useState } from 'react';
import { useNavigate } from 'react-router-dom';
import CompleteProfile from '../complete-profile';
import { useAccessT } from '../i18n/use-access-t';
import { placeServerError } from '../shared/error-messages';
import { loginApi, type RealTimeUserInfo } from '../shared/login-api';
import { notify } from '../shared/notify';
import { currentSid, endRevokedSession, leaveNotice, logout } from '../shared/session-bridge';
import { Surface, type SurfaceProps } from '../shared/Surface';
import { FormFailure, FormMessage, FormStack, TextField } from '../shared/ui';
import { useForm } from '../shared/use-form';
import { useLoaded } from '../shared/use-loaded';
import { hasErrors, validatePasswordChange } from '../shared/validation';

function AccountDetails({ info, onEdit }: { info: RealTimeUserInfo; onEdit: () => void }) {
  const { t } = useAccessT();
  const rows: [string, string, string?][] = [
    ['fields.userName', info.username, t('settings.cannotChange')],
    ['fields.phone', info.phone],
    ['fields.companyEmail', info.email],
    ['fields.unitName', info.inf2],
    ['fields.institution', info.inf1 || info.institution_shortname],
    ['fields.department', info.department],
    ['fields.role', info.role ? t(`roles.${info.role}`, { defaultValue: info.role }) : ''],
  ];
  return (
    <Stack gap="4">
      <Flex justify="space-between" align="center">
        <Heading size="md">{t('settings.account')}</Heading>
        <HStack gap="3">
          {info.reviewStatus && (
            <Badge colorPalette={info.reviewStatus === 'approved' ? 'green' : info.reviewStatus === 'rejected' ? 'red' : 'orange'} data-testid="review-status">
              {t(`settings.review.${info.reviewStatus}`, { defaultValue: info.reviewStatus })}
            </Badge>
          )}
          <Button size="sm" variant="outline" onClick={onEdit} data-testid="edit-profile">
            {t('settings.editProfile')}
          </Button>
        </HStack>
      </Flex>
      <DataList.Root orientation="horizontal" size="md">
        {rows.map(([label, value, note]) => (
          <DataList.Item key={label}>
            <DataList.ItemLabel minW="8rem">{t(label)}</DataList.ItemLabel>
            <DataList.ItemValue data-testid={`info-${label.split('.')[1]}`}>
              {value || '—'}
              {note && (
                <Text as="span" ms="2" fontSize="xs" color="fg.muted">
                  ({note})
                </Text>
              )}
            </DataList.ItemValue>
          </DataList.Item>
        ))}
      </DataList.Root>
    </Stack>
  );
}

function PasswordChange() {
  const { t } = useAccessT();
  const form = useForm({ oldPassword: '', newPassword: '', confirmPassword: '' });
  const { values: v, errors } = form;
  const [done, setDone] = useState(false);

  const submit = async () => {
    form.setFormError(null);
    const e = validatePasswordChange(v);
    form.setErrors(e);
    if (hasErrors(e)) return;
    const sid = currentSid();
    if (!sid) return form.setFormError({ key: 'errors.sessionInvalid' });
    form.setBusy(true);
    try {
      await loginApi.changePassword(sid, v.oldPassword, v.newPassword, v.confirmPassword);
      setDone(true);
      notify('success', t('settings.passwordChanged'));
      // Every session of the user is revoked by the server (its logout push would reload
      // this page too); go to a fresh login page at once, which then shows the notice.
      // The notice goes first: the lifecycle hook may reload the page on that push before
      // the socket owner has acknowledged the anonymous session.
      leaveNotice('passwordChanged');
      await endRevokedSession();
      window.location.replace('/login');
    } catch (err) {
      const placed = placeServerError(err, ['oldPassword', 'newPassword', 'confirmPassword'], { password: 'newPassword' });
      if (placed.field) form.setError(placed.field, placed.message.key);
      else form.setFormError(placed.message);
    } finally {
      form.setBusy(false);
    }
  };

  return (
    <Stack gap="4">
      <Heading size="md">{t('settings.changePassword')}</Heading>
      {done ? (
        <FormMessage kind="success">{t('settings.passwordChanged')}</FormMessage>
      ) : (
        <Box maxW="sm">
          <FormStack onSubmit={() => void submit()}>
            <TextField name="oldPassword" type="password" label={t('fields.oldPassword')} value={v.oldPassword} onChange={(x) => form.set('oldPassword', x)} error={errors.oldPassword} autoComplete="current-password" required />
            <TextField name="newPassword" type="password" label={t('fields.newPassword')} value={v.newPassword} onChange={(x) => form.set('newPassword', x)} error={errors.newPassword} helper={t('register.passwordHint')} autoComplete="new-password" maxLength={16} required />
            <TextField name="confirmPassword" type="password" label={t('fields.confirmPassword')} value={v.confirmPassword} onChange={(x) => form.set('confirmPassword', x)} error={errors.confirmPassword} autoComplete="new-password" maxLength={16} required />
            <FormFailure error={form.formError} failedKey="settings.modifyFailed" />
            <Button type="submit" colorPalette="blue" alignSelf="flex-start" loading={form.busy} data-testid="password-submit">
              {t('settings.changePassword')}
            </Button>
          </FormStack>
        </Box>
      )}
    </Stack>
  );
}

function LogoutButton() {
  const { t } = useAccessT();
  const navigate = useNavigate();
  const [busy, setBusy] = useState(false);
  const onLogout = async () => {
    setBusy(true);
    await logout();
    navigate('/login', { replace: true });
  };
  return (
    <Button variant="outline" colorPalette="red" loading={busy} onClick={() => void onLogout()} data-testid="settings-logout">
      {t('settings.logout')}
    </Button>
  );
}

export default function UserSettings({ asDialog, onClose }: SurfaceProps) {
  const { t } = useAccessT();
  const [loaded, reload] = useLoaded((sid, userName) => loginApi.realTimeUserInfo(userName, sid));
  const [editing, setEditing] = useState(false);
  return (
    <Surface asDialog={asDialog} onClose={onClose} title={t('settings.title')} testId="user-settings">
      <Stack gap="6">
        {loaded.phase === 'loading' && <Spinner />}
        {loaded.phase === 'failed' && <FormMessage kind="error">{t(loaded.error.key, loaded.error.values)}</FormMessage>}
        {loaded.phase === 'ready' && <AccountDetails info={loaded.data} onEdit={() => setEditing(true)} />}
        <Separator />
        <PasswordChange />
        <Separator />
        <Flex justify="flex-end">
          <LogoutButton />
        </Flex>
      </Stack>
      {editing && (
        <CompleteProfile
          onClose={() => setEditing(false)}
          onDone={reload}
        />
      )}
    </Surface>
  );
}
