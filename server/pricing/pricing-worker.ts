// worker_threads entry of the pricing pool: prices one batch per message, in order.
import { parentPort } from 'node:worker_threads';
import { priceBatch } from '../../src/pricing-core/api/price-request';
import type { PoolReply, PoolRequest } from './pricing-pool';
import { loadNoticesFromEnv } from '../../src/pricing-core/dates/calendars/notice-files';

loadNoticesFromEnv(); // official holiday notices named in CALENDAR_NOTICES (docs/calendars.md)

parentPort!.on('message', (m: PoolRequest) => {
  let reply: PoolReply;
  try {
    reply = { id: m.id, results: priceBatch(m.requests) };
  } catch (e) {
    reply = { id: m.id, error: e instanceof Error ? e.message : String(e) };
  }
  parentPort!.postMessage(reply);
});
