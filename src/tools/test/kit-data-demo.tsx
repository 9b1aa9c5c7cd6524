// /test (internal diagnostic): a minimal FX vanilla screen that exercises the data side of
// the tool kit end to end: inputs kept across reloads (kit/tool-state), priced as you type
// on the server or, offline, in a browser worker (kit/pricing), saved, loaded and shared
// (kit/share). It has its own share kind (`kitDemo`, never the calculator's items); its
// links open /test (`/test?id=...`).
import { Box, Button, Field, Grid, Heading, HStack, Input, NativeSelect, Stack, Text } from '@chakra-ui/react';
import { useAtom } from 'jotai';
import { z } from 'zod';
import { defineStrings, useStrings } from '../../kit/i18n';
import { OfflinePricingNote, usePricing, type Prepared, type ReplyBody } from '../../kit/pricing';
import { SavedItemsPanel, SharedItemNotice, useSharedItem } from '../../kit/share';
import { persistedAtom, toolCacheKey } from '../../kit/tool-state';

const strings = defineStrings('kitDataDemo', {
  zh: {
    title: '工具包数据演示：保存、分享与定价',
    note: '内部诊断页面：用最小的外汇香草期权界面检验工具包的数据部分（保存、分享、离线定价）。',
    type: '看涨/看跌', call: '看涨', put: '看跌', spot: '即期', strike: '执行价', t: '期限（年）',
    rd: '本币利率', rf: '外币利率', vol: '波动率', notional: '名义本金', price: '定价',
    results: '结果', premium: '期权费', premiumPct: '期权费 %', delta: 'Delta', vega: 'Vega', forward: '远期',
    saved: '保存与分享',
    errors: { number: '请输入有效的数字：{{field}}', positive: '{{field}} 必须大于零' },
  },
  en: {
    title: 'Kit data demo: save, share and price',
    note: 'Internal diagnostic: a minimal FX vanilla screen exercising the data side of the kit (save, share, offline pricing).',
    type: 'Call/Put', call: 'Call', put: 'Put', spot: 'Spot', strike: 'Strike', t: 'Expiry (years)',
    rd: 'Domestic rate', rf: 'Foreign rate', vol: 'Volatility', notional: 'Notional', price: 'Price',
    results: 'Results', premium: 'Premium', premiumPct: 'Premium %', delta: 'Delta', vega: 'Vega', forward: 'Forward',
    saved: 'Save and share',
    errors: { number: 'Enter a valid number: {{field}}', positive: '{{field}} must be greater than zero' },
  },
});

// Inputs are kept as typed (strings): a half-typed number survives a reload as typed.
const Inputs = z.object({
  type: z.enum(['call', 'put']),
  spot: z.string().max(32),
  strike: z.string().max(32),
  t: z.string().max(32),
  rd: z.string().max(32),
  rf: z.string().max(32),
  vol: z.string().max(32),
  notional: z.string().max(32),
});
type Inputs = z.infer<typeof Inputs>;
const DEFAULTS: Inputs = { type: 'call', spot: '7.1', strike: '7.2', t: '0.5', rd: '1.8', rf: '4.5', vol: '5', notional: '1000000' };
/** The demo's share kind (kit/share SHARE_RULES: `?id=` links on /test). */
const KIT_DEMO_KIND = 'kitDemo';
const inputsAtom = persistedAtom({ key: toolCacheKey('test', 'kitData'), version: 1, schema: Inputs, defaults: DEFAULTS });

type NumKey = Exclude<keyof Inputs, 'type'>;
const NUMBER_FIELDS: readonly NumKey[] = ['spot', 'strike', 't', 'rd', 'rf', 'vol', 'notional'];
const PERCENT: ReadonlySet<NumKey> = new Set(['rd', 'rf', 'vol']);

interface Shown {
  premium: number;
  premiumPct: number;
  delta: number;
  vega: number;
  forward: number;
}

function prepare(i: Inputs): Prepared {
  const v: Record<string, number> = {};
  for (const k of NUMBER_FIELDS) {
    const n = Number(i[k].trim());
    if (i[k].trim() === '' || !Number.isFinite(n)) return { invalid: { key: 'kitDataDemo:errors.number', values: { field: k } } };
    if (['spot', 'strike', 't', 'notional'].includes(k) && !(n > 0)) return { invalid: { key: 'kitDataDemo:errors.positive', values: { field: k } } };
    v[k] = PERCENT.has(k) ? n / 100 : n;
  }
  return { call: { method: 'ATS.OPTPRICINGSVR.FXVANILLA', content: { type: i.type, spot: v.spot, strike: v.strike, t: v.t, rd: v.rd, rf: v.rf, vol: v.vol, notional: v.notional } } };
}

function read(b: ReplyBody, i: Inputs): Shown {
  const notional = Number(i.notional);
  return {
    premium: b.domAmount as number,
    premiumPct: (b.pctFor as number) * 100,
    delta: (b.delta as { spot: number }).spot * notional,
    vega: ((b.vega as number) * notional) / 100,
    forward: b.forward as number,
  };
}

export function KitDataDemo() {
  const { t, i18n } = useStrings(strings);
  const [inputs, setInputs] = useAtom(inputsAtom);
  const pricing = usePricing({ prepare, read }, inputs);
  const shared = useSharedItem<Inputs>(KIT_DEMO_KIND, { route: 'test', spec: inputsAtom.spec, onItem: (p) => setInputs(p) });
  const fmt = (x: number, digits: number) => x.toLocaleString(i18n.language === 'en' ? 'en-US' : 'zh-CN', { maximumFractionDigits: digits, minimumFractionDigits: digits });
  const results: [keyof Shown, number][] = [['premium', 2], ['premiumPct', 4], ['delta', 2], ['vega', 2], ['forward', 6]];

  return (
    <Box as="section" aria-labelledby="kit-data-demo-title" borderWidth="1px" borderColor="gray.200" rounded="md" p="4" my="4" bg="white" data-testid="kit-data-demo">
      <Heading as="h2" size="md" id="kit-data-demo-title">{t('title')}</Heading>
      <Text fontSize="sm" color="fg.muted" mb="3">{t('note')}</Text>
      <SharedItemNotice state={shared} />
      <Grid templateColumns={{ base: '1fr', lg: '2fr 1.3fr 1.7fr' }} gap="6" mt="2">
        <Stack gap="2">
          <Field.Root>
            <Field.Label>{t('type')}</Field.Label>
            <NativeSelect.Root size="sm">
              <NativeSelect.Field value={inputs.type} onChange={(e) => setInputs({ ...inputs, type: e.target.value === 'put' ? 'put' : 'call' })}>
                <option value="call">{t('call')}</option>
                <option value="put">{t('put')}</option>
              </NativeSelect.Field>
              <NativeSelect.Indicator />
            </NativeSelect.Root>
          </Field.Root>
          <Grid templateColumns="1fr 1fr" gap="2">
            {NUMBER_FIELDS.map((k) => (
              <Field.Root key={k}>
                <Field.Label>{t(k)}{PERCENT.has(k) ? ' (%)' : ''}</Field.Label>
                <Input size="sm" inputMode="decimal" value={inputs[k]} data-testid={`demo-${k}`}
                  onChange={(e) => setInputs({ ...inputs, [k]: e.target.value })}
                  onKeyDown={(e) => { if (e.key === 'Enter') pricing.commit(); }} />
              </Field.Root>
            ))}
          </Grid>
          <HStack><Button size="sm" colorPalette="blue" onClick={pricing.commit} data-testid="demo-price">{t('price')}</Button></HStack>
        </Stack>
        <Box role="region" aria-label={t('results')} aria-busy={pricing.busy} data-testid="demo-results">
          <Heading as="h3" size="sm" mb="2">{t('results')}</Heading>
          {pricing.offline && pricing.result && <OfflinePricingNote />}
          {pricing.error && (
            <Text role="alert" color="red.600" fontSize="sm" data-testid="demo-error">
              {t(pricing.error.message.key, pricing.error.message.values)}{pricing.error.detail ? ` (${pricing.error.detail})` : ''}
            </Text>
          )}
          <Box as="dl" display="grid" gridTemplateColumns="auto 1fr" columnGap="4" rowGap="1" fontSize="sm" mt="2">
            {results.map(([k, digits]) => {
              const v = pricing.result?.[k];
              return [
                <Box as="dt" key={`${k}-t`} color="fg.muted">{t(k)}</Box>,
                <Box as="dd" key={`${k}-d`} textAlign="right" fontVariantNumeric="tabular-nums" data-testid={`demo-${k}`}
                  {...(v === undefined ? {} : { 'data-value': String(v) })}>
                  {v === undefined ? '-' : fmt(v, digits)}
                </Box>,
              ];
            })}
          </Box>
        </Box>
        <Box>
          <Heading as="h3" size="sm" mb="2">{t('saved')}</Heading>
          <SavedItemsPanel<Inputs> tool={KIT_DEMO_KIND} route="test" spec={inputsAtom.spec} version={inputsAtom.spec.version} current={() => inputs} onLoad={(p) => setInputs(p)} />
        </Box>
      </Grid>
    </Box>
  );
}
