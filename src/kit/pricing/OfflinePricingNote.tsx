// Says that the results on screen were computed in this browser (the server was not
// reachable). Render it inside the Results region when a pricing reply is `offline`.
import { Badge, HStack, Text } from '@chakra-ui/react';
import { useStrings } from '../i18n';
import { pricingStrings } from './i18n';

export function OfflinePricingNote({ detail = true }: { detail?: boolean }) {
  const { t } = useStrings(pricingStrings);
  return (
    <HStack role="status" gap="2" data-testid="offline-pricing" align="center">
      <Badge colorPalette="orange" variant="solid">{t('offline')}</Badge>
      {detail && <Text fontSize="xs" color="fg.muted">{t('offlineDetail')}</Text>}
    </HStack>
  );
}
