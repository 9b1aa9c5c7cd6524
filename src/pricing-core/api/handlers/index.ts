// One entry per model of ../shared/PRICING-CLI.md (and any extra models the core offers).
// Each handler validates its own request fields and returns the result object.
import type { ModelHandler } from '../price-request';
import { barrier, digital, forward, impliedVol, touch, vanilla } from './black';
import { heston } from './heston';
import { fixedBond } from './fixed-bond';
import { swap } from './swap';
import { american } from './american';
import { asian } from './asian';

export const modelHandlers: Record<string, ModelHandler> = {
  vanilla,
  barrier,
  digital,
  touch,
  impliedVol,
  forward,
  heston,
  fixedBond,
  swap,
  american,
  asian,
};
