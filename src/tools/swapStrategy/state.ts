// /swapStrategy choices kept across reloads.
import { z } from 'zod';
import { persistedAtom, toolCacheKey } from '../../kit/tool-state';
import { MARKETS, TENORS, type Strategy } from './model';

const Tenor = z.enum(TENORS);
export const StrategyInputs = z.object({
  kind: z.enum(['span', 'basis', 'basisSpan', 'butterfly']),
  market: z.enum(MARKETS),
  near: Tenor,
  mid: Tenor,
  far: Tenor,
});

export const DEFAULT_STRATEGY: Strategy = { kind: 'span', market: 'USDCNY', near: '3M', mid: '6M', far: '1Y' };
export const strategyAtom = persistedAtom({ key: toolCacheKey('swapStrategy'), version: 1, schema: StrategyInputs, defaults: DEFAULT_STRATEGY as z.infer<typeof StrategyInputs> });
