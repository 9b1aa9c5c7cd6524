// Market data for journeys: publish a change on demand (so a spec can watch a push reach a
// subscribed tab) by importing a small CSV through MarketDataSvr as a signed-in user.
// Topic of series X: md.X (docs/api/market-data.md).
import { DataType } from '../../../src/wire';
import { TestClient } from '../../../server/gateway/test-client';
import type { TestServer } from './server';

export interface PublishedFigure {
  /** Series id, e.g. rate.SHIBOR.3M (topic md.rate.SHIBOR.3M). */
  id: string;
  /** Business date YYYY-MM-DD. */
  date: string;
  value: number;
}

/**
 * Imports the figures as `userName` (e.g. the server's DEMO_USER) and resolves with the
 * import reply; every series imported pushes its new latest value on md.{id}.
 */
export async function publishMarketFigures(server: TestServer, userName: string, password: string, figures: PublishedFigure[]): Promise<Record<string, unknown>> {
  const client = await TestClient.open(`${server.baseUrl.replace(/^http/, 'ws')}/gw/ws`, DataType.json);
  try {
    const login = await client.connect({ userName, pwd: password, connType: 'P' });
    const sid = (login.body as { sid?: string }).sid;
    if (!sid) throw new Error(`login as ${userName} failed: ${JSON.stringify(login.body)}`);
    const csv = ['series,date,value', ...figures.map((f) => `${f.id},${f.date},${f.value}`)].join('\n');
    const reply = await client.request('MarketDataSvr', 'MD.IMPORT', JSON.stringify({ fileName: 'e2e.csv', data: Buffer.from(csv).toString('base64') }), sid);
    if (reply.Code !== 0) throw new Error(`import refused: ${JSON.stringify(reply)}`);
    return reply;
  } finally {
    client.close();
  }
}

/**
 * Retries `read` once a second until it succeeds: the first server start loads the shipped
 * snapshot (about 20 s on this machine), and market-data reads fail until it is in.
 */
export async function whenMarketDataLoaded<T>(read: () => Promise<T>, timeoutMs = 100_000): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    try {
      return await read();
    } catch (e) {
      if (Date.now() > deadline) throw e;
      await new Promise((r) => setTimeout(r, 1000));
    }
  }
}
