// Small layout and form pieces shared by the access pages (Chakra UI v3).
import { Alert, Box, Button, Field, Flex, Heading, HStack, Input, Stack, Text } from '@chakra-ui/react';
import type { ReactNode } from 'react';
import { useAccessT } from '../i18n/use-access-t';
import type { ErrorMessage } from './error-messages';

/** SPEC section 9: the login page shows this version label. */
export const ACCESS_VERSION_LABEL = '1.1.2';

/**
 * Frame of the public pages (inside the app's public layout, which has the header with the
 * language toggle): a brand panel beside the form card.
 */
export function PublicFrame({ children, aside, wide }: { children: ReactNode; aside?: ReactNode; wide?: boolean }) {
  const { t } = useAccessT();
  return (
    <Flex justify="center" align={{ base: 'stretch', md: 'center' }} minH="100%" px={{ base: 0, md: 6 }} py={{ base: 0, md: 8 }} bg="#f4f6f9">
      <Flex
        w="100%"
        maxW={wide ? '6xl' : '5xl'}
        direction={{ base: 'column', md: 'row' }}
        bg="white"
        rounded={{ base: 'none', md: 'xl' }}
        shadow={{ base: 'none', md: 'lg' }}
        overflow="hidden"
        borderWidth={{ base: 0, md: '1px' }}
        borderColor="#d9dfe7"
      >
        <Flex
          direction="column"
          justify="space-between"
          gap="8"
          w={{ base: '100%', md: '40%' }}
          bgGradient="to-br"
          gradientFrom="#0b1a2e"
          gradientTo="#1a3354"
          color="white"
          px={{ base: '6', md: '10' }}
          py={{ base: '6', md: '10' }}
        >
          <Box>
            <Text fontSize="xs" letterSpacing="widest" textTransform="uppercase" opacity={0.7}>
              {t('brand.kicker')}
            </Text>
            <Heading size="2xl" mt="2">
              {t('brand.name')}
            </Heading>
            <Text mt="4" opacity={0.85} fontSize="sm" maxW="sm">
              {t('brand.tagline')}
            </Text>
          </Box>
          {aside && <Box display={{ base: 'none', md: 'block' }}>{aside}</Box>}
          <Text fontSize="xs" opacity={0.65} data-testid="version-label">
            {t('brand.version', { version: ACCESS_VERSION_LABEL })}
          </Text>
        </Flex>
        <Box flex="1" px={{ base: '5', md: '10' }} py={{ base: '6', md: '10' }}>
          <Box maxW={wide ? '2xl' : 'md'} mx="auto">
            {children}
          </Box>
        </Box>
      </Flex>
    </Flex>
  );
}

/** Card frame of the signed-in pages (settings, license, trial, referral). */
export function PanelFrame({ title, subtitle, children, onClose }: { title: string; subtitle?: string; children: ReactNode; onClose?: () => void }) {
  const { t } = useAccessT();
  return (
    <Box maxW="3xl" mx="auto" my="6" px="4">
      <Box bg="white" borderWidth="1px" borderColor="gray.200" rounded="lg" shadow="xs" p={{ base: '5', md: '7' }}>
        <Flex justify="space-between" align="flex-start" mb="5" gap="4">
          <Box>
            <Heading size="lg">{title}</Heading>
            {subtitle && (
              <Text color="fg.muted" fontSize="sm" mt="1">
                {subtitle}
              </Text>
            )}
          </Box>
          {onClose && (
            <Button size="sm" variant="ghost" onClick={onClose}>
              {t('common.close')}
            </Button>
          )}
        </Flex>
        {children}
      </Box>
    </Box>
  );
}

export interface TextFieldProps {
  name: string;
  label: string;
  value: string;
  onChange: (value: string) => void;
  /** Message key of the `access` namespace, or an already translated text via `errorText`. */
  error?: string;
  errorValues?: Record<string, unknown>;
  helper?: ReactNode;
  type?: string;
  required?: boolean;
  placeholder?: string;
  autoComplete?: string;
  disabled?: boolean;
  onBlur?: () => void;
  inputMode?: 'numeric' | 'tel' | 'email' | 'text';
  maxLength?: number;
  endElement?: ReactNode;
}

export function TextField(p: TextFieldProps) {
  const { t } = useAccessT();
  return (
    <Field.Root invalid={!!p.error} required={p.required} disabled={p.disabled}>
      <Field.Label>
        {p.label}
        {p.required && <Field.RequiredIndicator />}
      </Field.Label>
      <HStack w="100%" gap="2">
        <Input
          name={p.name}
          data-testid={`field-${p.name}`}
          type={p.type ?? 'text'}
          value={p.value}
          placeholder={p.placeholder}
          autoComplete={p.autoComplete}
          inputMode={p.inputMode}
          maxLength={p.maxLength}
          onChange={(e) => p.onChange(e.target.value)}
          onBlur={p.onBlur}
        />
        {p.endElement}
      </HStack>
      {p.error ? (
        <Field.ErrorText data-testid={`error-${p.name}`}>{t(p.error, p.errorValues)}</Field.ErrorText>
      ) : (
        p.helper && <Field.HelperText>{p.helper}</Field.HelperText>
      )}
    </Field.Root>
  );
}

/** Form-level message (server failures, success notes) shown above the submit button. */
export function FormMessage({ kind, children }: { kind: 'error' | 'success' | 'info'; children: ReactNode }) {
  return (
    <Alert.Root status={kind} size="sm" data-testid={`form-${kind}`} role={kind === 'error' ? 'alert' : 'status'}>
      <Alert.Indicator />
      <Alert.Title>{children}</Alert.Title>
    </Alert.Root>
  );
}

/** A form's server failure, if any: "<what failed>: <why>" in the user's language. */
export function FormFailure({ error, failedKey }: { error: ErrorMessage | null; failedKey?: string }) {
  const { t } = useAccessT();
  if (!error) return null;
  const why = t(error.key, error.values);
  return <FormMessage kind="error">{failedKey ? `${t(failedKey)}: ${why}` : why}</FormMessage>;
}

export function FormStack({ children, onSubmit }: { children: ReactNode; onSubmit: () => void }) {
  return (
    <form
      noValidate
      onSubmit={(e) => {
        e.preventDefault();
        onSubmit();
      }}
    >
      <Stack gap="4">{children}</Stack>
    </form>
  );
}
