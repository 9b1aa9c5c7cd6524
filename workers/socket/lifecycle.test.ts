import { describe, expect, it } from 'vitest';
import { createMachine, isConnectAccepted, transition, type LifecycleEvent, type Machine } from './lifecycle';

function run(m: Machine, ...events: LifecycleEvent[]) {
  let machine = m;
  const effects: string[] = [];
  for (const ev of events) {
    const step = transition(machine, ev);
    machine = step.machine;
    effects.push(...step.effects.map((e) => e.type));
  }
  return { machine, effects };
}

const opened: LifecycleEvent[] = [{ type: 'start' }, { type: 'socketOpened' }];
const accepted: LifecycleEvent = { type: 'connectReplied', code: '0000', connType: 'S' };

describe('socket lifecycle', () => {
  it('goes created -> connecting -> open -> loggedIn -> subscribed with the right effects', () => {
    const m0 = createMachine();
    expect(m0.state).toBe('created');
    const a = run(m0, { type: 'start' });
    expect(a.machine.state).toBe('connecting');
    expect(a.effects).toEqual(['openSocket']);
    const b = run(a.machine, { type: 'socketOpened' });
    expect(b.machine.state).toBe('open');
    expect(b.effects).toEqual(['startHeartbeat', 'sendConnect']);
    const c = run(b.machine, accepted);
    expect(c.machine.state).toBe('loggedIn');
    expect(c.effects).toEqual(['resubscribe', 'flushPending']);
    expect(run(c.machine, { type: 'resubscribed' }).machine.state).toBe('subscribed');
  });

  it('accepts a connect reply on Code 0000 or connType A only', () => {
    expect(isConnectAccepted('0000', 'S')).toBe(true);
    expect(isConnectAccepted('1001', 'A')).toBe(true);
    expect(isConnectAccepted('1001', 'P')).toBe(false);
    const refused = run(createMachine(), ...opened, { type: 'connectReplied', code: '1001', connType: 'P' });
    expect(refused.machine.state).toBe('open');
  });

  it('on Code 1009 stops the heartbeat, reports the invalid session and never retries', () => {
    const r = run(createMachine(), ...opened, { type: 'connectReplied', code: '1009', connType: 'S' });
    expect(r.effects.slice(-2)).toEqual(['stopHeartbeat', 'sessionInvalid']);
    expect(r.machine.retryDisabled).toBe(true);
    const closed = run(r.machine, { type: 'socketClosed', code: 4000 }, { type: 'retryDue' });
    expect(closed.machine.state).toBe('closed');
    expect(closed.effects).toEqual(['stopHeartbeat']);
  });

  it('on Code 9503 (server briefly unavailable) keeps the session and CONNECTs again after a delay', () => {
    const r = run(createMachine(), ...opened, { type: 'connectReplied', code: '9503', connType: 'S' });
    expect(r.machine.state).toBe('open');
    expect(r.machine.retryDisabled).toBe(false);
    expect(r.effects.at(-1)).toBe('scheduleConnect');
    expect(run(r.machine, { type: 'connectRetryDue' }).effects).toEqual(['sendConnect']);
    const after = run(r.machine, { type: 'connectRetryDue' }, accepted);
    expect(after.machine.state).toBe('loggedIn');
    // A socket lost meanwhile: the due retry does nothing (the reconnect CONNECTs anyway).
    expect(run(r.machine, { type: 'socketClosed', code: 1006 }, { type: 'connectRetryDue' }).effects).not.toContain('sendConnect');
  });

  it('a new session after 1009 re-CONNECTs and restarts the heartbeat', () => {
    const r = run(createMachine(), ...opened, { type: 'connectReplied', code: '1009', connType: 'S' }, { type: 'sessionChanged' });
    expect(r.machine.state).toBe('open');
    expect(r.machine.retryDisabled).toBe(false);
    expect(r.effects.slice(-2)).toEqual(['startHeartbeat', 'sendConnect']);
  });

  it('close 1000 tells the tabs to reload and does not retry', () => {
    const r = run(createMachine(), ...opened, accepted, { type: 'socketClosed', code: 1000 });
    expect(r.machine.state).toBe('closed');
    expect(r.effects.slice(-2)).toEqual(['stopHeartbeat', 'reloadTabs']);
    expect(run(r.machine, { type: 'retryDue' }).effects).toEqual([]);
    // A reloaded tab starts it again.
    expect(run(r.machine, { type: 'start' }).effects).toEqual(['openSocket']);
  });

  it('any other close retries after the configured delay, unlimited with -1', () => {
    let m = run(createMachine({ reconnectDelayMs: 250 }), ...opened, accepted).machine;
    for (let i = 0; i < 50; i++) {
      const step = transition(m, { type: 'socketClosed', code: 1006 });
      expect(step.effects).toContainEqual({ type: 'scheduleRetry', delayMs: 250 });
      m = run(step.machine, { type: 'retryDue' }).machine;
      expect(m.state).toBe('connecting');
    }
    expect(m.retriesUsed).toBe(50);
  });

  it('with a count of 2 it tries twice more and then reports failure', () => {
    let m = run(createMachine({ reconnectCount: 2 }), ...opened, accepted).machine;
    const closeAndRetry = () => run(m, { type: 'socketClosed', code: 4000 }, { type: 'retryDue' });
    m = closeAndRetry().machine; // attempt 1
    m = closeAndRetry().machine; // attempt 2
    expect(m.retriesUsed).toBe(2);
    const last = run(m, { type: 'socketClosed', code: 1006 });
    expect(last.machine.state).toBe('failed');
    expect(last.effects).toEqual(['stopHeartbeat', 'reportFailed']);
    // A successful reconnect in between resets the count.
    let n = run(createMachine({ reconnectCount: 1 }), ...opened, accepted).machine;
    n = run(n, { type: 'socketClosed', code: 4000 }, { type: 'retryDue' }, { type: 'socketOpened' }, accepted).machine;
    expect(n.retriesUsed).toBe(0);
    expect(transition(n, { type: 'socketClosed', code: 4000 }).effects).toContainEqual({ type: 'scheduleRetry', delayMs: 30_000 });
  });

  it('a failed machine restarts when a tab starts it again', () => {
    const failed = run(createMachine({ reconnectCount: 0 }), ...opened, { type: 'socketClosed', code: 1006 }).machine;
    expect(failed.state).toBe('failed');
    const r = run(failed, { type: 'start' });
    expect(r.machine.state).toBe('connecting');
    expect(r.machine.retriesUsed).toBe(0);
  });

  it('ignores events that do not apply to the current state', () => {
    const m = createMachine();
    expect(transition(m, { type: 'socketOpened' }).machine).toBe(m);
    expect(transition(m, { type: 'retryDue' }).machine).toBe(m);
    const live = run(m, ...opened, accepted).machine;
    expect(transition(live, { type: 'start' }).effects).toEqual([]);
  });

  it('a policy change applies to the next retry', () => {
    const m = run(createMachine(), ...opened, accepted, { type: 'policyChanged', policy: { reconnectDelayMs: 5 } }).machine;
    expect(transition(m, { type: 'socketClosed', code: 1006 }).effects).toContainEqual({ type: 'scheduleRetry', delayMs: 5 });
  });
});
