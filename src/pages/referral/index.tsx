// Share-and-gift page: invite link, progress towards each tier, redeeming an earned gift.
import { Badge, Box, Button, Flex, Heading, HStack, Input, Progress, SimpleGrid, Spinner, Stack, Text } from '@chakra-ui/react';
import { useState } from 'react';
import { useAccessT } from '../i18n/use-access-t';
import { errorMessageFor, type ErrorMessage } from '../shared/error-messages';
import { loginApi, type ReferralReply } from '../shared/login-api';
import { notify } from '../shared/notify';
import { currentSid } from '../shared/session-bridge';
import { Surface, type SurfaceProps } from '../shared/Surface';
import { FormMessage } from '../shared/ui';
import { useLoaded } from '../shared/use-loaded';
import { GIFT_DAYS_OF_USE, GIFT_INTERVAL_DAYS, inviteLink, REDEEM_WINDOW_DAYS, tierViews, type TierView } from './referral-model';

const STATUS_COLOR: Record<TierView['status'], string> = {
  locked: 'gray',
  redeemable: 'green',
  waiting: 'orange',
  redeemed: 'blue',
  expired: 'red',
};

function TierCard({ tier, busy, onRedeem }: { tier: TierView; busy: boolean; onRedeem: () => void }) {
  const { t } = useAccessT();
  const reached = tier.status !== 'locked';
  return (
    <Box borderWidth="1px" borderColor={tier.status === 'redeemable' ? 'green.400' : 'gray.200'} rounded="md" p="4" data-testid={`tier-${tier.tier}`} data-status={tier.status}>
      <Stack gap="1" mb="3" align="flex-start">
        <Text fontWeight="semibold">{t(`referral.tier.${tier.kind}`, { count: tier.threshold })}</Text>
        {tier.phoneCreditYuan != null && <Badge colorPalette="purple">{t('referral.credit', { yuan: tier.phoneCreditYuan })}</Badge>}
      </Stack>
      <Progress.Root value={tier.threshold ? (tier.progress / tier.threshold) * 100 : 0} size="sm" colorPalette={reached ? 'green' : 'blue'}>
        <Progress.Track>
          <Progress.Range />
        </Progress.Track>
      </Progress.Root>
      <Flex justify="space-between" align="center" mt="2" gap="2">
        <Text fontSize="xs" color="fg.muted">
          {tier.progress} / {tier.threshold}
        </Text>
        {tier.status === 'redeemable' ? (
          <Button size="xs" colorPalette="green" loading={busy} onClick={onRedeem} data-testid={`redeem-${tier.tier}`}>
            {t('referral.redeem')}
          </Button>
        ) : (
          <Badge variant="subtle" colorPalette={STATUS_COLOR[tier.status]}>
            {t(`referral.status.${tier.status}`)}
          </Badge>
        )}
      </Flex>
      {tier.redeemBy && (tier.status === 'redeemable' || tier.status === 'waiting') && (
        <Text fontSize="xs" color="fg.muted" mt="1">
          {t('referral.redeemBy', { date: tier.redeemBy })}
        </Text>
      )}
    </Box>
  );
}

function ReferralBody({ data, reload }: { data: ReferralReply; reload: () => void }) {
  const { t } = useAccessT();
  const [busyTier, setBusyTier] = useState<string | null>(null);
  const [message, setMessage] = useState<{ kind: 'success' | 'error'; text: string } | null>(null);
  const link = inviteLink(window.location.origin, data.inviteCode);
  const tiers = tierViews(data);

  const copy = async () => {
    try {
      await navigator.clipboard.writeText(link);
      notify('success', t('referral.copied'));
      setMessage({ kind: 'success', text: t('referral.copied') });
    } catch {
      setMessage({ kind: 'error', text: t('referral.copyFailed') });
    }
  };

  const redeem = async (tier: string) => {
    const sid = currentSid();
    if (!sid) return;
    setBusyTier(tier);
    setMessage(null);
    try {
      const reply = await loginApi.redeemGift(sid, tier);
      setMessage({ kind: 'success', text: t('referral.redeemed', { date: reply.endDate }) });
      notify('success', t('referral.redeemed', { date: reply.endDate }));
      reload();
    } catch (err) {
      const m: ErrorMessage = errorMessageFor(err);
      setMessage({ kind: 'error', text: t(m.key, m.values) });
    } finally {
      setBusyTier(null);
    }
  };

  return (
    <Stack gap="6">
      <Box>
        <Heading size="sm" mb="2">
          {t('referral.inviteLink')}
        </Heading>
        <HStack>
          <Input readOnly value={link} data-testid="invite-link" onFocus={(e) => e.currentTarget.select()} />
          <Button variant="outline" onClick={() => void copy()}>
            {t('referral.copy')}
          </Button>
        </HStack>
        <Text fontSize="xs" color="fg.muted" mt="1">
          {t('referral.inviteCode', { code: data.inviteCode })}
        </Text>
      </Box>
      <HStack gap="8">
        <Box>
          <Text fontSize="xs" color="fg.muted">{t('referral.usageDays')}</Text>
          <Text fontSize="2xl" fontWeight="semibold" data-testid="usage-days">{data.usageDays}</Text>
        </Box>
        <Box>
          <Text fontSize="xs" color="fg.muted">{t('referral.invitedCount')}</Text>
          <Text fontSize="2xl" fontWeight="semibold" data-testid="invited-count">{data.invitedCount}</Text>
        </Box>
      </HStack>
      {data.nextRedeemableOn && <FormMessage kind="info">{t('referral.nextRedeemableOn', { date: data.nextRedeemableOn })}</FormMessage>}
      {message && <FormMessage kind={message.kind}>{message.text}</FormMessage>}
      <SimpleGrid columns={{ base: 1, sm: 2, md: 3 }} gap="3">
        {tiers.map((tier) => (
          <TierCard key={tier.tier} tier={tier} busy={busyTier === tier.tier} onRedeem={() => void redeem(tier.tier)} />
        ))}
      </SimpleGrid>
      <Box as="ul" fontSize="sm" color="fg.muted" ps="5" listStyleType="disc">
        <li>{t('referral.rules.either')}</li>
        <li>{t('referral.rules.window', { days: REDEEM_WINDOW_DAYS })}</li>
        <li>{t('referral.rules.interval', { days: GIFT_INTERVAL_DAYS })}</li>
        <li>{t('referral.rules.gift', { days: GIFT_DAYS_OF_USE })}</li>
        <li>{t('referral.rules.credit')}</li>
      </Box>
    </Stack>
  );
}

export default function Referral({ asDialog, onClose }: SurfaceProps) {
  const { t } = useAccessT();
  const [loaded, reload] = useLoaded((sid) => loginApi.referral(sid));
  return (
    <Surface asDialog={asDialog} onClose={onClose} title={t('referral.title')} subtitle={t('referral.intro')} testId="referral">
      {loaded.phase === 'loading' && <Spinner />}
      {loaded.phase === 'failed' && <FormMessage kind="error">{t(loaded.error.key, loaded.error.values)}</FormMessage>}
      {loaded.phase === 'ready' && <ReferralBody data={loaded.data} reload={reload} />}
    </Surface>
  );
}
