// /metrics answers with the named metrics, and they move with the traffic; JSON log lines of
// one request, the gateway's and its service's, carry the same request id.
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { Writable } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestGateway, type TestGateway } from '../gateway/test-support';
import { TestClient } from '../gateway/test-client';
import { createHttpApp } from '../http/http-app';
import { InProcessBus } from '../bus/in-process-bus';
import { createJsonLogger } from './json-log';
import { watchBus, watchGateway } from './metrics';

class Lines extends Writable {
  readonly lines: Record<string, unknown>[] = [];
  override _write(chunk: Buffer, _enc: string, done: () => void): void {
    for (const l of chunk.toString().split('\n')) if (l.trim()) this.lines.push(JSON.parse(l));
    done();
  }
}

describe('observability', () => {
  const out = new Lines();
  const log = createJsonLogger('debug', out);
  let g: TestGateway;
  let http: Server;
  let base: string;
  const unwatch: Array<() => void> = [];

  beforeAll(async () => {
    g = await startTestGateway({ log });
    g.registry.register('Obs', 'echo', async (content) => {
      log.info('service saw the request', { content });
      return { Code: '0000', content };
    });
    g.registry.register('Obs', 'fail', () => {
      throw new Error('boom');
    });
    unwatch.push(watchGateway(() => g.gateway.stats()));
    const bus = new InProcessBus();
    unwatch.push(watchBus(() => bus.state()));
    http = createServer(createHttpApp({ distDir: null, ready: () => true, stats: () => ({}) }));
    await new Promise<void>((r) => http.listen(0, '127.0.0.1', r));
    base = `http://127.0.0.1:${(http.address() as AddressInfo).port}`;
  });
  afterAll(async () => {
    unwatch.forEach((f) => f());
    await new Promise<void>((r) => http.close(() => r()));
    await g?.close();
  });

  const scrape = async () => {
    const res = await fetch(`${base}/metrics`);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toMatch(/^text\/plain/);
    return res.text();
  };
  const value = (text: string, series: string): number => {
    const line = text.split('\n').find((l) => l.startsWith(series + ' '));
    return line ? Number(line.slice(series.length + 1)) : 0;
  };

  it('serves the named metrics at /metrics, counting requests by service, method and code and the open sockets', async () => {
    const before = await scrape();
    for (const name of [
      'desk_requests_total', 'desk_handler_seconds', 'desk_request_keys_total', 'desk_logins_total', 'desk_password_hash_seconds',
      'desk_password_hash_queue', 'desk_db_query_seconds', 'desk_db_pool_connections', 'desk_bus_connected', 'desk_sockets',
      'desk_sockets_signed_in', 'desk_subscriptions', 'desk_queued_frames', 'desk_inflight_bytes', 'desk_pricing_pool_pending',
    ]) expect(before, name).toContain(`# TYPE ${name} `);
    const okBefore = value(before, 'desk_requests_total{server="Obs",method="echo",code="0000"}');

    const c = await TestClient.open(g.url, '2');
    await c.request('Obs', 'echo', 'a');
    await c.request('Obs', 'echo', 'b');
    await c.request('Obs', 'fail', '');
    await c.request('Nope', 'x', '');
    await c.subscribe('md.fx.USDCNY');
    const after = await scrape();
    c.close();
    expect(value(after, 'desk_requests_total{server="Obs",method="echo",code="0000"}') - okBefore).toBe(2);
    expect(value(after, 'desk_requests_total{server="Obs",method="fail",code="9999"}')).toBeGreaterThanOrEqual(1);
    expect(value(after, 'desk_requests_total{server="unknown",method="unknown",code="4004"}')).toBeGreaterThanOrEqual(1);
    expect(value(after, 'desk_handler_seconds_count{server="Obs",method="echo"}')).toBeGreaterThanOrEqual(2);
    expect(value(after, 'desk_sockets{data_type="2"}')).toBe(1);
    expect(value(after, 'desk_subscriptions')).toBe(1);
    expect(value(after, 'desk_bus_connected{kind="in-process"}')).toBe(1);
  });

  it('writes JSON lines, and every line of one request carries its rid (the requestId), the service line included', async () => {
    const c = await TestClient.open(g.url, '2');
    const requestId = 'trace-me-0123456789';
    await c.request('Obs', 'echo', 'traced', '', { requestId });
    await c.request('Obs', 'fail', '', '', { requestId: 'trace-fail-0123456' });
    c.close();
    const mine = out.lines.filter((l) => l.rid === requestId);
    expect(mine.map((l) => l.msg)).toEqual(expect.arrayContaining(['service saw the request', 'request answered']));
    expect(mine.every((l) => l.server === 'Obs' && l.method === 'echo' && typeof l.time === 'string' && typeof l.conn === 'number')).toBe(true);
    const failed = out.lines.find((l) => l.rid === 'trace-fail-0123456' && l.level === 'error');
    expect(failed).toMatchObject({ msg: 'handler failed', server: 'Obs', method: 'fail' });
    // A request without a requestId gets its own rid.
    const others = out.lines.filter((l) => l.msg === 'request answered' && l.rid !== requestId);
    expect(others.length).toBeGreaterThan(0);
    expect(others.every((l) => typeof l.rid === 'string' && (l.rid as string).length >= 8)).toBe(true);
  });
});
