// Picks the notification bus: NATS when a URL is given, else in-process.
import type { NotificationBus } from '../contracts';
import type { Logger } from '../gateway/log';
import { InProcessBus } from './in-process-bus';
import { NatsBus } from './nats-bus';

export { InProcessBus, NatsBus };

export async function createBus(natsUrl: string | undefined, log: Logger): Promise<NotificationBus> {
  return natsUrl ? NatsBus.connect(natsUrl, log) : new InProcessBus();
}
