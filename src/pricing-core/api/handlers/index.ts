// One entry per model of ../shared/PRICING-CLI.md (and any extra models the core offers).
// Each handler validates its own request fields and returns the result object.
import type { ModelHandler } from '../price-request';

export const modelHandlers: Record<string, ModelHandler> = {
};
