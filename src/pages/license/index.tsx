// License page: edition, end date and permissions from the server; buying goes through
// support (no payment happens in the product).
import { Badge, Box, Button, DataList, Flex, Heading, HStack, Spinner, Stack, Text, Wrap } from '@chakra-ui/react';
import { useState } from 'react';
import { useAccessT } from '../i18n/use-access-t';
import { loginApi, type LicenseReply } from '../shared/login-api';
import { Surface, type SurfaceProps } from '../shared/Surface';
import TrialApplication from '../trial';
import { FormMessage } from '../shared/ui';
import { useLoaded } from '../shared/use-loaded';

/** inf5 '3' is a forbidden account whatever the edition says. */
function editionKey(license: LicenseReply): string {
  return license.inf5 === '3' ? 'license.edition.forbidden' : `license.edition.${license.edition}`;
}

function LicenseDetails({ license, onTrial }: { license: LicenseReply; onTrial: () => void }) {
  const { t } = useAccessT();
  const [buying, setBuying] = useState(false);
  return (
    <Stack gap="6">
      <DataList.Root orientation="horizontal">
        <DataList.Item>
          <DataList.ItemLabel minW="8rem">{t('license.editionLabel')}</DataList.ItemLabel>
          <DataList.ItemValue>
            <Badge size="lg" colorPalette={license.edition === 'licensed' ? 'green' : license.edition === 'trial' ? 'blue' : 'gray'} data-testid="license-edition">
              {t(editionKey(license), { defaultValue: license.edition })}
            </Badge>
          </DataList.ItemValue>
        </DataList.Item>
        <DataList.Item>
          <DataList.ItemLabel minW="8rem">{t('license.endDate')}</DataList.ItemLabel>
          <DataList.ItemValue data-testid="license-end-date">{license.endDate ?? t('license.noEndDate')}</DataList.ItemValue>
        </DataList.Item>
      </DataList.Root>
      <Box>
        <Heading size="sm" mb="2">
          {t('license.permissions')}
        </Heading>
        {license.permissions.length === 0 ? (
          <Text color="fg.muted" fontSize="sm">
            {t('license.noPermissions')}
          </Text>
        ) : (
          <Wrap gap="2" data-testid="license-permissions">
            {license.permissions.map((p) => (
              <Badge key={p} variant="outline">
                {t(`license.permission.${p.replace(/\./g, '_')}`, { defaultValue: p })}
              </Badge>
            ))}
          </Wrap>
        )}
      </Box>
      {license.edition === 'free' && (
        <Text fontSize="sm" color="fg.muted">
          {t('license.freeLimits')}
        </Text>
      )}
      <Box borderWidth="1px" borderColor="gray.200" rounded="md" p="4" bg="gray.50">
        <Flex justify="space-between" align="center" gap="4" wrap="wrap">
          <Box>
            <Text fontWeight="semibold">{t('license.buyTitle')}</Text>
            <Text fontSize="sm" color="fg.muted">
              {t('license.buyIntro')}
            </Text>
          </Box>
          <HStack gap="2">
            {license.edition === 'free' && (
              <Button variant="outline" onClick={onTrial} data-testid="license-trial">
                {t('license.applyTrial')}
              </Button>
            )}
            <Button colorPalette="blue" onClick={() => setBuying(true)} data-testid="license-buy">
              {t('license.buy')}
            </Button>
          </HStack>
        </Flex>
        {buying && (
          <Box mt="3">
            <FormMessage kind="info">{t('license.contactSupport')}</FormMessage>
          </Box>
        )}
      </Box>
    </Stack>
  );
}

export default function License({ asDialog, onClose }: SurfaceProps) {
  const { t } = useAccessT();
  const [loaded, reload] = useLoaded((sid) => loginApi.license(sid));
  const [trial, setTrial] = useState(false);
  return (
    <Surface asDialog={asDialog} onClose={onClose} title={t('license.title')} testId="license">
      {loaded.phase === 'loading' && <Spinner />}
      {loaded.phase === 'failed' && <FormMessage kind="error">{t(loaded.error.key, loaded.error.values)}</FormMessage>}
      {loaded.phase === 'ready' && <LicenseDetails license={loaded.data} onTrial={() => setTrial(true)} />}
      {trial && (
        <TrialApplication
          asDialog
          onClose={() => {
            setTrial(false);
            reload();
          }}
        />
      )}
    </Surface>
  );
}
