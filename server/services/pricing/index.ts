// OptPricingSvr: the pricing core over the socket. Method names follow PROTOCOL.md section 5;
// the tool methods are documented in docs/api/pricing.md.
import type { ServiceRegistry } from '../../contracts';
import { MCP_VERSION } from '../../../src/pricing-core/version';

export const PRICING_SERVER = 'OptPricingSvr';

export function registerPricingService(registry: ServiceRegistry): void {
  registry.register(PRICING_SERVER, 'ATS.OPTPRICINGSVR.VERSION', () => ({ Code: 0, McpVersion: MCP_VERSION }));
}
