// /registe: every registration field and rule of SPEC section 5; on success the user is
// registered and logged in. Typed values survive any server failure.
import { Box, Button, Heading, HStack, Link, SimpleGrid, Stack, Text } from '@chakra-ui/react';
import { Link as RouterLink, useSearchParams } from 'react-router-dom';
import { useAccessT } from '../i18n/use-access-t';
import type { PickedCardImage } from '../shared/card-image';
import { CardImageField } from '../shared/CardImageField';
import { ChakraGuard } from '../shared/ChakraGuard';
import { placeServerError } from '../shared/error-messages';
import { loginApi } from '../shared/login-api';
import { notify } from '../shared/notify';
import { PhoneCodeFields } from '../shared/PhoneCodeFields';
import { usePostLogin } from '../shared/post-login';
import { rememberedZone } from '../shared/session-bridge';
import { FormFailure, FormStack, PublicFrame, TextField } from '../shared/ui';
import { useForm } from '../shared/use-form';
import { hasErrors, validateRegistration, validateUserName } from '../shared/validation';
import { useUserNameCheck } from './username-check';

const FORM_FIELDS = [
  'username', 'phone', 'code', 'password', 'confirmPassword', 'unitName', 'institution', 'department', 'email', 'cardImage',
] as const;

function RoleChoice({ role, onRole }: { role: 'bank' | 'client'; onRole: (r: 'bank' | 'client') => void }) {
  const { t } = useAccessT();
  return (
    <Box>
      <Text fontSize="sm" fontWeight="medium" mb="1.5">
        {t('fields.role')}
      </Text>
      <HStack role="radiogroup" aria-label={t('fields.role')} gap="2">
        {(['client', 'bank'] as const).map((r) => (
          <Button
            key={r}
            role="radio"
            aria-checked={role === r}
            data-testid={`role-${r}`}
            size="sm"
            variant={role === r ? 'solid' : 'outline'}
            colorPalette={role === r ? 'blue' : 'gray'}
            onClick={() => onRole(r)}
          >
            {t(`roles.${r}`)}
          </Button>
        ))}
      </HStack>
    </Box>
  );
}

function RegisterPage() {
  const { t } = useAccessT();
  const [params] = useSearchParams();
  const post = usePostLogin();
  const form = useForm({
    username: '',
    phone: '',
    code: '',
    password: '',
    confirmPassword: '',
    role: rememberedZone() as 'bank' | 'client',
    unitName: '',
    institution: '',
    department: '',
    email: '',
    cardImage: null as PickedCardImage | null,
  });
  const { values: v, errors } = form;
  const nameCheck = useUserNameCheck(v.username);

  const nameError = errors.username ?? (nameCheck === 'taken' ? 'errors.userNameRepeated' : undefined);
  const nameHelper =
    nameCheck === 'checking' ? t('register.nameChecking') : nameCheck === 'available' ? t('register.nameAvailable') : t('register.nameHint');

  const submit = async () => {
    form.setFormError(null);
    const e: Record<string, string | undefined> = validateRegistration({ ...v, hasCardImage: !!v.cardImage });
    if (e.hasCardImage) {
      e.cardImage = e.hasCardImage;
      delete e.hasCardImage;
    }
    if (!e.username && nameCheck === 'taken') e.username = 'errors.userNameRepeated';
    form.setErrors(e);
    if (hasErrors(e) || !v.cardImage) return;
    form.setBusy(true);
    try {
      const reply = await loginApi.register({
        username: v.username.trim(),
        phone: v.phone.trim(),
        code: v.code.trim(),
        password: v.password,
        confirmPassword: v.confirmPassword,
        role: v.role,
        unitName: v.unitName.trim(),
        institution: v.institution.trim(),
        department: v.department.trim(),
        email: v.email.trim(),
        cardImage: { fileName: v.cardImage.fileName, base64: v.cardImage.base64 },
        ...(params.get('invite') && { inviteCode: params.get('invite')! }),
      });
      notify('success', t('register.success'));
      await post.finish(reply);
    } catch (err) {
      const placed = placeServerError(err, FORM_FIELDS, { userName: 'username' });
      if (placed.field) form.setError(placed.field, placed.message.key);
      form.setFormError(placed.message);
      notify('error', t('register.failed'));
    } finally {
      form.setBusy(false);
    }
  };

  return (
    <PublicFrame wide>
      <Stack gap="5">
        <Box>
          <Heading size="xl" data-testid="register-title">
            {t('register.title')}
          </Heading>
          {post.wantsTrial && (
            <Text fontSize="sm" color="fg.muted" mt="1">
              {t('register.trialNote')}
            </Text>
          )}
        </Box>
        <FormStack onSubmit={() => void submit()}>
          <RoleChoice role={v.role} onRole={(r) => form.set('role', r)} />
          <TextField
            name="username"
            label={t('fields.userName')}
            value={v.username}
            onChange={(x) => form.set('username', x)}
            onBlur={() => form.setError('username', validateUserName(v.username) ?? undefined)}
            error={nameError}
            helper={nameHelper}
            autoComplete="username"
            required
          />
          <PhoneCodeFields
            purpose="register"
            phone={v.phone}
            code={v.code}
            onPhone={(x) => form.set('phone', x)}
            onCode={(x) => form.set('code', x)}
            phoneError={errors.phone}
            codeError={errors.code}
            onPhoneError={(k) => form.setError('phone', k)}
            required
          />
          <SimpleGrid columns={{ base: 1, sm: 2 }} gap="4">
            <TextField
              name="password"
              type="password"
              label={t('fields.password')}
              value={v.password}
              onChange={(x) => form.set('password', x)}
              error={errors.password}
              helper={t('register.passwordHint')}
              autoComplete="new-password"
              maxLength={16}
              required
            />
            <TextField
              name="confirmPassword"
              type="password"
              label={t('fields.confirmPassword')}
              value={v.confirmPassword}
              onChange={(x) => form.set('confirmPassword', x)}
              error={errors.confirmPassword}
              autoComplete="new-password"
              maxLength={16}
              required
            />
          </SimpleGrid>
          <SimpleGrid columns={{ base: 1, sm: 2 }} gap="4">
            <TextField name="unitName" label={t('fields.unitName')} value={v.unitName} onChange={(x) => form.set('unitName', x)} error={errors.unitName} autoComplete="organization" required />
            <TextField name="institution" label={t('fields.institution')} value={v.institution} onChange={(x) => form.set('institution', x)} error={errors.institution} required />
            <TextField name="department" label={t('fields.department')} value={v.department} onChange={(x) => form.set('department', x)} error={errors.department} />
            <TextField name="email" type="email" inputMode="email" label={t('fields.companyEmail')} value={v.email} onChange={(x) => form.set('email', x)} error={errors.email} autoComplete="email" required />
          </SimpleGrid>
          <CardImageField
            value={v.cardImage}
            onChange={(img) => form.set('cardImage', img)}
            error={errors.cardImage}
            onError={(k) => form.setError('cardImage', k)}
            required
          />
          <FormFailure error={form.formError} failedKey="register.failed" />
          <Button type="submit" colorPalette="blue" size="lg" loading={form.busy} data-testid="register-submit">
            {t('register.submit')}
          </Button>
        </FormStack>
        <Text fontSize="sm">
          {t('register.haveAccount')}{' '}
          <Link asChild color="blue.700" fontWeight="medium">
            <RouterLink to={params.get('trial') === '1' ? '/login?trial=1' : '/login'} data-testid="to-login">
              {t('register.toLogin')}
            </RouterLink>
          </Link>
        </Text>
      </Stack>
      {post.overlay}
    </PublicFrame>
  );
}

export default function RegisterRoute() {
  return (
    <ChakraGuard>
      <RegisterPage />
    </ChakraGuard>
  );
}
