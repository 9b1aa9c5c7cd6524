// Free-trial application: institution, work email, phone, business card (all required by the
// login service); the server grants 15 days once per user.
import { Button, HStack, SimpleGrid, Stack } from '@chakra-ui/react';
import { useEffect, useState } from 'react';
import { useAccessT } from '../i18n/use-access-t';
import type { PickedCardImage } from '../shared/card-image';
import { CardImageField } from '../shared/CardImageField';
import { placeServerError } from '../shared/error-messages';
import { loginApi } from '../shared/login-api';
import { notify } from '../shared/notify';
import { currentSid } from '../shared/session-bridge';
import { Surface, type SurfaceProps } from '../shared/Surface';
import { FormFailure, FormMessage, FormStack, TextField } from '../shared/ui';
import { useForm } from '../shared/use-form';
import { useLoaded } from '../shared/use-loaded';
import { hasErrors, validateTrial } from '../shared/validation';

export const TRIAL_DAYS = 15;
const FORM_FIELDS = ['institution', 'email', 'phone', 'cardImage'] as const;

export default function TrialApplication({ asDialog, onClose }: SurfaceProps) {
  const { t } = useAccessT();
  const form = useForm({ institution: '', email: '', phone: '', cardImage: null as PickedCardImage | null });
  const { values: v, errors } = form;
  const [endDate, setEndDate] = useState<string | null>(null);
  const [known] = useLoaded((sid, userName) => loginApi.realTimeUserInfo(userName, sid));

  // Start from what the account already holds; the user can change any of it.
  useEffect(() => {
    if (known.phase !== 'ready') return;
    const info = known.data;
    if (info.inf1 && !v.institution) form.set('institution', info.inf1);
    if (info.email && !v.email) form.set('email', info.email);
    if (info.phone && !v.phone) form.set('phone', info.phone);
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [known]);

  const submit = async () => {
    form.setFormError(null);
    const e: Record<string, string | undefined> = validateTrial({ ...v, hasCardImage: !!v.cardImage });
    if (e.hasCardImage) {
      e.cardImage = e.hasCardImage;
      delete e.hasCardImage;
    }
    form.setErrors(e);
    if (hasErrors(e) || !v.cardImage) return;
    const sid = currentSid();
    if (!sid) return form.setFormError({ key: 'errors.sessionInvalid' });
    form.setBusy(true);
    try {
      const reply = await loginApi.applyTrial(sid, {
        institution: v.institution.trim(),
        email: v.email.trim(),
        phone: v.phone.trim(),
        cardImage: { fileName: v.cardImage.fileName, base64: v.cardImage.base64 },
      });
      setEndDate(reply.endDate);
      notify('success', t('trial.success', { date: reply.endDate }));
    } catch (err) {
      const placed = placeServerError(err, FORM_FIELDS);
      if (placed.field) form.setError(placed.field, placed.message.key);
      form.setFormError(placed.message);
    } finally {
      form.setBusy(false);
    }
  };

  return (
    <Surface asDialog={asDialog} onClose={onClose} title={t('trial.title')} subtitle={t('trial.intro', { days: TRIAL_DAYS })} testId="trial">
      {endDate ? (
        <Stack gap="4">
          <FormMessage kind="success">{t('trial.success', { date: endDate })}</FormMessage>
          {onClose && (
            <Button alignSelf="flex-end" colorPalette="blue" onClick={onClose} data-testid="trial-continue">
              {t('common.continue')}
            </Button>
          )}
        </Stack>
      ) : (
        <FormStack onSubmit={() => void submit()}>
          <TextField name="institution" label={t('fields.institution')} value={v.institution} onChange={(x) => form.set('institution', x)} error={errors.institution} required />
          <SimpleGrid columns={{ base: 1, sm: 2 }} gap="4">
            <TextField name="email" type="email" label={t('fields.workEmail')} value={v.email} onChange={(x) => form.set('email', x)} error={errors.email} required />
            <TextField name="phone" type="tel" label={t('fields.phone')} value={v.phone} onChange={(x) => form.set('phone', x)} error={errors.phone} maxLength={11} required />
          </SimpleGrid>
          <CardImageField value={v.cardImage} onChange={(img) => form.set('cardImage', img)} error={errors.cardImage} onError={(k) => form.setError('cardImage', k)} required />
          <FormFailure error={form.formError} failedKey="trial.failed" />
          <HStack justify="flex-end" gap="3">
            {onClose && (
              <Button variant="ghost" onClick={onClose} data-testid="trial-later">
                {t('common.later')}
              </Button>
            )}
            <Button type="submit" colorPalette="blue" loading={form.busy} data-testid="trial-submit">
              {t('trial.submit')}
            </Button>
          </HStack>
        </FormStack>
      )}
    </Surface>
  );
}
