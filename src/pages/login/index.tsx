// /login: zone switch (enterprise / bank), then account+password or mobile+SMS code.
import { Box, Button, Flex, Heading, HStack, Link, Stack, Text } from '@chakra-ui/react';
import { useState } from 'react';
import { Link as RouterLink } from 'react-router-dom';
import { useAccessT } from '../i18n/use-access-t';
import { ChakraGuard } from '../shared/ChakraGuard';
import { placeServerError } from '../shared/error-messages';
import { loginApi } from '../shared/login-api';
import { PhoneCodeFields } from '../shared/PhoneCodeFields';
import { usePostLogin } from '../shared/post-login';
import { pendingNotice, rememberedZone, rememberZone } from '../shared/session-bridge';
import { FormFailure, FormMessage, FormStack, PublicFrame, TextField } from '../shared/ui';
import { useForm } from '../shared/use-form';
import { hasErrors, required, validatePhone, validateSmsCode, type FieldErrors } from '../shared/validation';

type Zone = 'client' | 'bank';

type Method = 'password' | 'sms';

function ZoneSwitch({ zone, onZone }: { zone: Zone; onZone: (z: Zone) => void }) {
  const { t } = useAccessT();
  const zones: Zone[] = ['client', 'bank'];
  return (
    <HStack role="radiogroup" aria-label={t('login.zoneLabel')} gap="3" align="stretch">
      {zones.map((z) => {
        const active = z === zone;
        return (
          <Box
            key={z}
            as="button"
            role="radio"
            aria-checked={active}
            data-testid={`zone-${z}`}
            flex="1"
            textAlign="left"
            p="3"
            rounded="md"
            borderWidth="2px"
            borderColor={active ? 'blue.600' : 'gray.200'}
            bg={active ? 'blue.50' : 'white'}
            cursor="pointer"
            onClick={() => onZone(z)}
          >
            <Text fontWeight="semibold" color={active ? 'blue.800' : 'gray.800'}>
              {t(`login.zone.${z}`)}
            </Text>
            <Text fontSize="xs" color="fg.muted" mt="1">
              {t(`login.zone.${z}Tagline`)}
            </Text>
          </Box>
        );
      })}
    </HStack>
  );
}

function MethodTabs({ method, onMethod }: { method: Method; onMethod: (m: Method) => void }) {
  const { t } = useAccessT();
  return (
    <HStack role="tablist" gap="0" borderBottomWidth="1px" borderColor="gray.200">
      {(['password', 'sms'] as Method[]).map((m) => (
        <Button
          key={m}
          role="tab"
          aria-selected={method === m}
          data-testid={`method-${m}`}
          variant="plain"
          rounded="none"
          borderBottomWidth="2px"
          borderColor={method === m ? 'blue.600' : 'transparent'}
          color={method === m ? 'blue.700' : 'fg.muted'}
          fontWeight={method === m ? 'semibold' : 'normal'}
          onClick={() => onMethod(m)}
        >
          {t(`login.method.${m}`)}
        </Button>
      ))}
    </HStack>
  );
}

function LoginPage() {
  const { t } = useAccessT();
  const [zone, setZone] = useState<Zone>(rememberedZone);
  const [method, setMethod] = useState<Method>('password');
  const [notice] = useState(pendingNotice);
  const form = useForm({ userName: '', password: '', phone: '', code: '' });
  const { values, errors } = form;
  const post = usePostLogin();

  const chooseZone = (z: Zone) => {
    setZone(z);
    rememberZone(z);
  };

  const check = (): boolean => {
    const e: FieldErrors<string> =
      method === 'password'
        ? { ...(required(values.userName) && { userName: 'validation.required' as const }), ...(required(values.password) && { password: 'validation.required' as const }) }
        : {
            ...(validatePhone(values.phone) && { phone: validatePhone(values.phone)! }),
            ...(validateSmsCode(values.code) && { code: validateSmsCode(values.code)! }),
          };
    form.setErrors(e);
    return !hasErrors(e);
  };

  const submit = async () => {
    form.setFormError(null);
    if (!check()) return;
    form.setBusy(true);
    try {
      const reply =
        method === 'password'
          ? await loginApi.login(values.userName.trim(), values.password)
          : await loginApi.loginBySms(values.phone.trim(), values.code.trim());
      await post.finish(reply);
    } catch (err) {
      const placed = placeServerError(err, method === 'sms' ? ['phone', 'code'] : []);
      if (placed.field) form.setError(placed.field, placed.message.key);
      else form.setFormError(placed.message);
    } finally {
      form.setBusy(false);
    }
  };

  const aside = (
    <Stack gap="3" maxW="sm">
      <Text fontWeight="semibold">{t(`login.zone.${zone}`)}</Text>
      <Text opacity={0.85}>{t(`login.zone.${zone}Pitch`)}</Text>
    </Stack>
  );

  return (
    <PublicFrame aside={aside}>
      <Stack gap="5">
        <Heading size="xl" data-testid="login-title">
          {t('login.title')}
        </Heading>
        {notice === 'passwordChanged' && <FormMessage kind="success">{t('settings.passwordChanged')}</FormMessage>}
        <ZoneSwitch zone={zone} onZone={chooseZone} />
        <MethodTabs
          method={method}
          onMethod={(m) => {
            setMethod(m);
            form.setErrors({});
            form.setFormError(null);
          }}
        />
        <FormStack onSubmit={() => void submit()}>
          {method === 'password' ? (
            <>
              <TextField
                name="userName"
                label={t('fields.account')}
                value={values.userName}
                onChange={(v) => form.set('userName', v)}
                error={errors.userName}
                autoComplete="username"
                placeholder={t('fields.accountPlaceholder')}
              />
              <TextField
                name="password"
                type="password"
                label={t('fields.password')}
                value={values.password}
                onChange={(v) => form.set('password', v)}
                error={errors.password}
                autoComplete="current-password"
                placeholder={t('fields.passwordPlaceholder')}
              />
            </>
          ) : (
            <>
              <PhoneCodeFields
                purpose="login"
                phone={values.phone}
                code={values.code}
                onPhone={(v) => form.set('phone', v)}
                onCode={(v) => form.set('code', v)}
                phoneError={errors.phone}
                codeError={errors.code}
                onPhoneError={(k) => form.setError('phone', k)}
              />
              <Text fontSize="xs" color="fg.muted">
                {t('login.smsAutoRegister')}
              </Text>
            </>
          )}
          <FormFailure error={form.formError} />
          <Button type="submit" colorPalette="blue" size="lg" loading={form.busy} data-testid="login-submit">
            {t('login.submit')}
          </Button>
        </FormStack>
        <Flex justify="space-between" fontSize="sm" wrap="wrap" gap="2">
          <Text>
            {t('login.noAccount')}{' '}
            <Link asChild color="blue.700" fontWeight="medium">
              <RouterLink to="/registe" data-testid="to-register">
                {t('login.register')}
              </RouterLink>
            </Link>
          </Text>
          <Link asChild color="blue.700" fontWeight="medium">
            <RouterLink to="/registe?trial=1" data-testid="to-trial">
              {t('login.freeTrial')}
            </RouterLink>
          </Link>
        </Flex>
      </Stack>
      {post.overlay}
    </PublicFrame>
  );
}

export default function LoginRoute() {
  return (
    <ChakraGuard>
      <LoginPage />
    </ChakraGuard>
  );
}
