// Bus over NATS for several gateway instances: publish once, every instance (the publisher
// included) receives the event and fans it out to its own sockets. Dotted topics map to
// NATS subjects under a prefix: topic `md.fx.USDCNY` -> subject `gw.evt.md.fx.USDCNY`
// (NATS also separates tokens with dots; our topics never contain `*`, `>` or spaces).
import { connect, type NatsConnection, type Subscription } from 'nats';
import type { NotificationBus } from '../contracts';
import { isValidTopic } from '../../src/wire';
import { type Logger, silentLogger } from '../gateway/log';

export const SUBJECT_PREFIX = 'gw.evt.';

export function topicToSubject(topic: string): string {
  return SUBJECT_PREFIX + topic;
}
export function subjectToTopic(subject: string): string | null {
  return subject.startsWith(SUBJECT_PREFIX) ? subject.slice(SUBJECT_PREFIX.length) : null;
}

type Listener = (topic: string, event: Record<string, unknown>) => void;

export class NatsBus implements NotificationBus {
  private readonly listeners: Listener[] = [];
  private readonly sub: Subscription;
  private readonly encoder = new TextEncoder();
  private readonly decoder = new TextDecoder();
  /** Follows the client's status events (disconnect / reconnect), for metrics. */
  private connected = true;

  private constructor(
    private readonly nc: NatsConnection,
    private readonly log: Logger,
  ) {
    this.sub = nc.subscribe(SUBJECT_PREFIX + '>', {
      callback: (err, msg) => {
        if (err) return this.log.error('NATS subscription error', { err: err.message });
        const topic = subjectToTopic(msg.subject);
        if (!topic) return;
        let event: unknown;
        try {
          event = JSON.parse(this.decoder.decode(msg.data));
        } catch {
          return this.log.warn('NATS event is not JSON', { subject: msg.subject });
        }
        if (event === null || typeof event !== 'object' || Array.isArray(event)) return;
        for (const l of this.listeners) l(topic, event as Record<string, unknown>);
      },
    });
    void (async () => {
      for await (const st of nc.status()) {
        if (st.type === 'disconnect') this.connected = false;
        else if (st.type === 'reconnect') this.connected = true;
        if (st.type === 'disconnect' || st.type === 'reconnect') this.log.warn(`NATS ${st.type}`, { server: String(st.data) });
      }
    })().catch(() => {});
  }

  state(): { kind: 'nats'; connected: boolean } {
    return { kind: 'nats', connected: this.connected && !this.nc.isClosed() };
  }

  static async connect(url: string, log: Logger = silentLogger, name = 'gateway'): Promise<NatsBus> {
    const nc = await connect({ servers: url, name, maxReconnectAttempts: -1, reconnectTimeWait: 1_000 });
    log.info('NATS bus connected', { url });
    return new NatsBus(nc, log);
  }

  publish(topic: string, event: Record<string, unknown>): void {
    if (!isValidTopic(topic)) throw new Error(`invalid topic: ${topic}`);
    this.nc.publish(topicToSubject(topic), this.encoder.encode(JSON.stringify(event)));
  }

  onEvent(listener: Listener): void {
    this.listeners.push(listener);
  }

  /** Resolves once the server has seen everything published so far (tests, shutdown). */
  async flush(): Promise<void> {
    await this.nc.flush();
  }

  async close(): Promise<void> {
    this.sub.unsubscribe();
    await this.nc.drain();
  }
}
