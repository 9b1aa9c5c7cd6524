// Two gateway instances joined by a real NATS server (NATS_URL_TEST, default
// nats://127.0.0.1:4222): an event published once on one reaches sockets on both.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DataType } from '../../src/wire';
import { silentLogger } from '../gateway/log';
import { TestClient } from '../gateway/test-client';
import { type TestGateway, startTestGateway } from '../gateway/test-support';
import { NatsBus, subjectToTopic, topicToSubject } from './nats-bus';

const url = process.env.NATS_URL_TEST ?? 'nats://127.0.0.1:4222';
let busA: NatsBus;
let busB: NatsBus;
let a: TestGateway;
let b: TestGateway;

beforeAll(async () => {
  busA = await NatsBus.connect(url, silentLogger, 'test-a');
  busB = await NatsBus.connect(url, silentLogger, 'test-b');
  a = await startTestGateway({ bus: busA, log: silentLogger });
  b = await startTestGateway({ bus: busB, log: silentLogger });
});
afterAll(async () => {
  await a?.close();
  await b?.close();
  await busA?.close();
  await busB?.close();
});

describe('NATS bus', () => {
  it('maps topics to subjects and back', () => {
    expect(topicToSubject('md.fx.USDCNY')).toBe('gw.evt.md.fx.USDCNY');
    expect(subjectToTopic('gw.evt.md.fx.USDCNY')).toBe('md.fx.USDCNY');
    expect(subjectToTopic('other.md')).toBeNull();
    expect(() => busA.publish('md.*', {})).toThrow();
  });

  it('delivers one publish to subscribers on both gateway instances, once each', async () => {
    const run = `t${Date.now()}${Math.floor(Math.random() * 1e6)}`;
    const onA = await TestClient.open(a.url, DataType.gzip);
    const onB = await TestClient.open(b.url, DataType.byte);
    await onA.subscribe(`md.${run}.*`);
    await onB.subscribe(`md.${run}.**`);
    busA.publish(`md.${run}.USDCNY`, { pair: 'USDCNY', mid: 7.2 });
    busB.publish(`md.${run}.EURUSD`, { pair: 'EURUSD', mid: 1.08 });
    await onA.waitForNotifications(2);
    await onB.waitForNotifications(2);
    await busA.flush();
    await new Promise((r) => setTimeout(r, 100));
    const sort = (xs: unknown[]) => [...xs].sort((x, y) => JSON.stringify(x).localeCompare(JSON.stringify(y)));
    const expected = sort([
      { pair: 'EURUSD', mid: 1.08, topic: `md.${run}.EURUSD` },
      { pair: 'USDCNY', mid: 7.2, topic: `md.${run}.USDCNY` },
    ]);
    expect(sort(onA.notifications)).toEqual(expected);
    expect(sort(onB.notifications)).toEqual(expected);
    onA.close();
    onB.close();
  });
});
