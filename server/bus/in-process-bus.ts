// The default bus: one process, one gateway. Events are delivered on a microtask so a
// publisher never re-enters the gateway's fan-out from inside its own call stack.
import type { NotificationBus } from '../contracts';

type Listener = (topic: string, event: Record<string, unknown>) => void;

export class InProcessBus implements NotificationBus {
  private readonly listeners: Listener[] = [];
  private closed = false;

  publish(topic: string, event: Record<string, unknown>): void {
    if (this.closed) return;
    queueMicrotask(() => {
      for (const l of this.listeners) l(topic, event);
    });
  }

  onEvent(listener: Listener): void {
    this.listeners.push(listener);
  }

  state(): { kind: 'in-process'; connected: boolean } {
    return { kind: 'in-process', connected: !this.closed };
  }

  async close(): Promise<void> {
    this.closed = true;
    this.listeners.length = 0;
  }
}
