// Complete-profile prompt: unit, institution, department, company email, business card.
// Submitting puts the profile under review; normal use continues meanwhile.
import { Button, HStack, SimpleGrid, Spinner, Stack, Text } from '@chakra-ui/react';
import { useEffect, useState } from 'react';
import { useAccessT } from '../i18n/use-access-t';
import type { PickedCardImage } from '../shared/card-image';
import { CardImageField } from '../shared/CardImageField';
import { placeServerError } from '../shared/error-messages';
import { loginApi, type RealTimeUserInfo } from '../shared/login-api';
import { notify } from '../shared/notify';
import { currentSid } from '../shared/session-bridge';
import { Surface, type SurfaceProps } from '../shared/Surface';
import { FormFailure, FormMessage, FormStack, TextField } from '../shared/ui';
import { useForm } from '../shared/use-form';
import { useLoaded } from '../shared/use-loaded';
import { hasErrors, validateProfile } from '../shared/validation';

const FORM_FIELDS = ['unitName', 'institution', 'department', 'email', 'cardImage'] as const;

export interface CompleteProfileProps extends SurfaceProps {
  /** Called after a successful submission (before onClose). */
  onDone?: () => void;
}

function ProfileForm({ info, onDone, onClose }: { info: RealTimeUserInfo | null; onDone?: () => void; onClose?: () => void }) {
  const { t } = useAccessT();
  const form = useForm({ unitName: '', institution: '', department: '', email: '', cardImage: null as PickedCardImage | null });
  const { values: v, errors } = form;
  const [submitted, setSubmitted] = useState(false);
  const hasCardOnFile = !!info?.cardPath;

  useEffect(() => {
    if (!info) return;
    form.set('unitName', info.inf2 ?? '');
    form.set('institution', info.inf1 ?? '');
    form.set('department', info.department ?? '');
    form.set('email', info.email ?? '');
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [info]);

  const submit = async () => {
    form.setFormError(null);
    const e: Record<string, string | undefined> = validateProfile({ ...v, hasCardImage: !!v.cardImage }, !hasCardOnFile);
    if (e.hasCardImage) {
      e.cardImage = e.hasCardImage;
      delete e.hasCardImage;
    }
    form.setErrors(e);
    if (hasErrors(e)) return;
    const sid = currentSid();
    if (!sid) {
      form.setFormError({ key: 'errors.sessionInvalid' });
      return;
    }
    form.setBusy(true);
    try {
      await loginApi.updateProfile(sid, {
        unitName: v.unitName.trim(),
        institution: v.institution.trim(),
        department: v.department.trim(),
        email: v.email.trim(),
        ...(v.cardImage && { cardImage: { fileName: v.cardImage.fileName, base64: v.cardImage.base64 } }),
      });
      setSubmitted(true);
      notify('success', t('profile.submitted'));
      onDone?.();
    } catch (err) {
      const placed = placeServerError(err, FORM_FIELDS);
      if (placed.field) form.setError(placed.field, placed.message.key);
      form.setFormError(placed.message);
    } finally {
      form.setBusy(false);
    }
  };

  if (submitted) {
    return (
      <Stack gap="4">
        <FormMessage kind="success">{t('profile.submitted')}</FormMessage>
        {onClose && (
          <Button alignSelf="flex-end" colorPalette="blue" onClick={onClose} data-testid="profile-continue">
            {t('common.continue')}
          </Button>
        )}
      </Stack>
    );
  }

  return (
    <FormStack onSubmit={() => void submit()}>
      <SimpleGrid columns={{ base: 1, sm: 2 }} gap="4">
        <TextField name="unitName" label={t('fields.unitName')} value={v.unitName} onChange={(x) => form.set('unitName', x)} error={errors.unitName} required />
        <TextField name="institution" label={t('fields.institution')} value={v.institution} onChange={(x) => form.set('institution', x)} error={errors.institution} required />
        <TextField name="department" label={t('fields.department')} value={v.department} onChange={(x) => form.set('department', x)} error={errors.department} />
        <TextField name="email" type="email" label={t('fields.companyEmail')} value={v.email} onChange={(x) => form.set('email', x)} error={errors.email} required />
      </SimpleGrid>
      <CardImageField value={v.cardImage} onChange={(img) => form.set('cardImage', img)} error={errors.cardImage} onError={(k) => form.setError('cardImage', k)} required={!hasCardOnFile} />
      <FormFailure error={form.formError} failedKey="profile.saveFailed" />
      <HStack justify="flex-end" gap="3">
        {onClose && (
          <Button variant="ghost" onClick={onClose} data-testid="profile-later">
            {t('common.later')}
          </Button>
        )}
        <Button type="submit" colorPalette="blue" loading={form.busy} data-testid="profile-submit">
          {t('profile.submit')}
        </Button>
      </HStack>
    </FormStack>
  );
}

/** Rendered as a dialog unless `asDialog` is false (then a page panel). */
export default function CompleteProfile({ asDialog = true, onClose, onDone }: CompleteProfileProps) {
  const { t } = useAccessT();
  const [loaded] = useLoaded((sid, userName) => loginApi.realTimeUserInfo(userName, sid));
  // Mounted without an onClose (e.g. by the shell with no props) the dialog closes itself.
  const [open, setOpen] = useState(true);
  const close = () => {
    setOpen(false);
    onClose?.();
  };
  if (!open) return null;
  return (
    <Surface asDialog={asDialog} onClose={asDialog ? close : onClose} title={t('profile.title')} subtitle={t('profile.intro')} testId="complete-profile">
      {loaded.phase === 'loading' ? (
        <Spinner />
      ) : (
        <>
          {loaded.phase === 'ready' && loaded.data.reviewStatus === 'pending' && (
            <Text fontSize="sm" color="orange.700" mb="3">
              {t('profile.pendingNote')}
            </Text>
          )}
          <ProfileForm info={loaded.phase === 'ready' ? loaded.data : null} onDone={onDone} onClose={asDialog ? close : onClose} />
        </>
      )}
    </Surface>
  );
}
