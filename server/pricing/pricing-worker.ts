// worker_threads entry of the pricing pool: prices one batch per task, in order.
import { priceBatch } from '../../src/pricing-core/api/price-request';
import { serveWorkerPool } from '../threads/pool-thread';
import { loadNoticesFromEnv } from '../../src/pricing-core/dates/calendars/notice-files';

loadNoticesFromEnv(); // official holiday notices named in CALENDAR_NOTICES (docs/calendars.md)

serveWorkerPool((requests: unknown[]) => priceBatch(requests));
