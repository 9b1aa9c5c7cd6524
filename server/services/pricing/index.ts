// OptPricingSvr: the pricing core over the socket. Method names follow PROTOCOL.md section 5;
// the tool methods are documented in docs/api/pricing.md.
import type { ServiceRegistry } from '../../contracts';
import { MCP_VERSION } from '../../../src/pricing-core/version';
import { pricingPool } from '../../pricing/pricing-pool';
import { priceRequests, tools } from '../../../src/pricing-core/api/tools';

export const PRICING_SERVER = 'OptPricingSvr';

export function registerPricingService(registry: ServiceRegistry): void {
  registry.register(PRICING_SERVER, 'ATS.OPTPRICINGSVR.VERSION', () => ({ Code: 0, McpVersion: MCP_VERSION }));
  // PRICING-CLI requests, priced on the pool's threads: a batch may hold slow models.
  registry.register(PRICING_SERVER, 'ATS.OPTPRICINGSVR.PRICE', async (content) => ({ Code: 0, results: await pricingPool().priceBatch(priceRequests(content)) }));
  for (const [method, handler] of Object.entries(tools)) registry.register(PRICING_SERVER, method, handler);
}
