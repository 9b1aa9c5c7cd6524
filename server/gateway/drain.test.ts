// The gateway's part of a graceful stop: running handlers finish, queued frames are answered
// within the bound, and whatever still waits at the deadline is refused (9503), never dropped.
import { afterEach, describe, expect, it } from 'vitest';
import { TestClient } from './test-client';
import { startTestGateway, tick, type TestGateway } from './test-support';

let t: TestGateway | undefined;
afterEach(async () => {
  await t?.close();
  t = undefined;
});

describe('Gateway.drain', () => {
  it('lets the running handler finish, answers queued frames in time, refuses the rest and late ones with 9503', async () => {
    t = await startTestGateway({ maxRunningPerConnection: 1 });
    t.registry.register('Probe', 'wait', async (content) => {
      await new Promise((r) => setTimeout(r, Number(content)));
      return { Code: '0000', waited: Number(content) };
    });
    const c = await TestClient.open(t.url, '2');
    // One slot: 'wait 400' runs, the others queue behind it.
    const running = c.request('Probe', 'wait', '400');
    const queued = [c.request('Probe', 'wait', '10'), c.request('Probe', 'wait', '10')];
    await tick(50);
    const drained = t.gateway.drain(300); // the first still runs at the deadline: the queue is refused
    await tick(10);
    expect(await c.request('Probe', 'wait', '1')).toEqual({ Code: '9503', msg: 'server stopping, retry' });
    expect(await drained).toEqual({ refused: 2, stillRunning: 1 });
    expect(await Promise.all(queued)).toEqual([
      { Code: '9503', msg: 'server stopping, retry' },
      { Code: '9503', msg: 'server stopping, retry' },
    ]);
    expect(await running).toEqual({ Code: '0000', waited: 400 }); // its socket is still open
    c.close();
  });

  it('resolves as soon as nothing runs or waits, everything answered', async () => {
    t = await startTestGateway({ maxRunningPerConnection: 2 });
    t.registry.register('Probe', 'wait', async (content) => {
      await new Promise((r) => setTimeout(r, Number(content)));
      return { Code: '0000' };
    });
    const c = await TestClient.open(t.url, '1');
    const all = Array.from({ length: 6 }, () => c.request('Probe', 'wait', '50'));
    await tick(10);
    const t0 = Date.now();
    expect(await t.gateway.drain(5_000)).toEqual({ refused: 0, stillRunning: 0 });
    expect(Date.now() - t0).toBeLessThan(2_000);
    expect((await Promise.all(all)).every((r) => r.Code === '0000')).toBe(true);
    c.close();
  });
});
