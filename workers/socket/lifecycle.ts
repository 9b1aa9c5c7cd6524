// The socket lifecycle as a pure state machine (SPEC section 4, PROTOCOL section 3).
// `transition` never touches a socket or a timer: it returns the next machine and the
// effects the engine must carry out, so every rule here is testable without I/O.

import { UNAVAILABLE_CODE } from '../../src/kit/service-unavailable';

export type SocketState = 'created' | 'connecting' | 'open' | 'loggedIn' | 'subscribed' | 'closed' | 'failed';

export interface LifecyclePolicy {
  /** Delay before each reconnect attempt (SPEC default 30 s). */
  reconnectDelayMs: number;
  /** Reconnect attempts after a lost connection; -1 is unlimited (SPEC default). */
  reconnectCount: number;
}

export interface Machine {
  readonly state: SocketState;
  /** Reconnect attempts used since the last successful connect reply. */
  readonly retriesUsed: number;
  /** Set by a connect reply with Code 1009: no retry until a new session or a restart. */
  readonly retryDisabled: boolean;
  readonly policy: LifecyclePolicy;
}

export type LifecycleEvent =
  | { type: 'start' }
  | { type: 'socketOpened' }
  | { type: 'connectReplied'; code: string; connType: string }
  | { type: 'resubscribed' }
  | { type: 'sessionChanged' }
  | { type: 'socketClosed'; code: number }
  | { type: 'retryDue' }
  /** The delay after a 9503 connect reply has passed. */
  | { type: 'connectRetryDue' }
  | { type: 'policyChanged'; policy: Partial<LifecyclePolicy> };

export type Effect =
  | { type: 'openSocket' }
  | { type: 'sendConnect' }
  | { type: 'startHeartbeat' }
  | { type: 'stopHeartbeat' }
  /** Send every subscription the tabs hold, then dispatch `resubscribed`. */
  | { type: 'resubscribe' }
  /** Send the requests queued while there was no accepted connection. */
  | { type: 'flushPending' }
  | { type: 'scheduleRetry'; delayMs: number }
  /** Dispatch `connectRetryDue` after `delayMs` (the socket stays open). */
  | { type: 'scheduleConnect'; delayMs: number }
  | { type: 'reloadTabs' }
  | { type: 'sessionInvalid' }
  | { type: 'reportFailed' };

export interface Step {
  machine: Machine;
  effects: Effect[];
}

/** Delay before re-sending CONNECT after a 9503 ("briefly unavailable") reply. */
export const CONNECT_RETRY_MS = 5_000;

export const DEFAULT_POLICY: LifecyclePolicy = { reconnectDelayMs: 30_000, reconnectCount: -1 };

export function createMachine(policy: Partial<LifecyclePolicy> = {}): Machine {
  return { state: 'created', retriesUsed: 0, retryDisabled: false, policy: { ...DEFAULT_POLICY, ...policy } };
}

/** PROTOCOL 3: successful when Code is "0000" or the reply's connType is "A". */
export function isConnectAccepted(code: string, connType: string): boolean {
  return code === '0000' || connType === 'A';
}

/** True while a socket is up (whether or not the CONNECT reply came yet). */
export function isSocketUp(state: SocketState): boolean {
  return state === 'open' || state === 'loggedIn' || state === 'subscribed';
}

/** True once the server accepted the CONNECT: SENDs may go out. */
export function isAccepted(state: SocketState): boolean {
  return state === 'loggedIn' || state === 'subscribed';
}

const stay = (machine: Machine): Step => ({ machine, effects: [] });

export function transition(m: Machine, ev: LifecycleEvent): Step {
  const to = (patch: Partial<Machine>, effects: Effect[] = []): Step => ({ machine: { ...m, ...patch }, effects });

  switch (ev.type) {
    case 'policyChanged':
      return to({ policy: { ...m.policy, ...ev.policy } });

    case 'start':
      // A tab arriving restarts a machine that gave up or was told to stop retrying.
      if (m.state === 'created' || m.state === 'failed' || (m.state === 'closed' && m.retryDisabled)) {
        return to({ state: 'connecting', retriesUsed: 0, retryDisabled: false }, [{ type: 'openSocket' }]);
      }
      return stay(m);

    case 'socketOpened':
      if (m.state !== 'connecting') return stay(m);
      return to({ state: 'open' }, [{ type: 'startHeartbeat' }, { type: 'sendConnect' }]);

    case 'connectReplied':
      if (!isSocketUp(m.state)) return stay(m);
      if (isConnectAccepted(ev.code, ev.connType)) {
        return to({ state: 'loggedIn', retriesUsed: 0, retryDisabled: false }, [{ type: 'resubscribe' }, { type: 'flushPending' }]);
      }
      if (ev.code === '1009') {
        // Invalid session: heartbeat stops and the reconnect handler must not retry.
        return to({ state: 'open', retryDisabled: true }, [{ type: 'stopHeartbeat' }, { type: 'sessionInvalid' }]);
      }
      if (ev.code === UNAVAILABLE_CODE) {
        // The server could not check the session (its database is briefly down): not an
        // invalid session; CONNECT again shortly on the same socket.
        return to({ state: 'open' }, [{ type: 'scheduleConnect', delayMs: CONNECT_RETRY_MS }]);
      }
      // Any other refusal (e.g. 1001) leaves the socket open but not accepted.
      return to({ state: 'open' });

    case 'connectRetryDue':
      return m.state === 'open' && !m.retryDisabled ? to({}, [{ type: 'sendConnect' }]) : stay(m);

    case 'resubscribed':
      return m.state === 'loggedIn' ? to({ state: 'subscribed' }) : stay(m);

    case 'sessionChanged':
      // A new session re-CONNECTs on the live socket; it also lifts a 1009 retry stop.
      if (isSocketUp(m.state)) return to({ state: 'open', retryDisabled: false }, m.retryDisabled ? [{ type: 'startHeartbeat' }, { type: 'sendConnect' }] : [{ type: 'sendConnect' }]);
      if (m.state === 'closed' && m.retryDisabled) return to({ state: 'connecting', retriesUsed: 0, retryDisabled: false }, [{ type: 'openSocket' }]);
      return stay(m);

    case 'socketClosed': {
      if (m.state === 'created' || m.state === 'closed' || m.state === 'failed') return stay(m);
      if (ev.code === 1000) {
        // A new release: every page reloads; reloaded tabs start the machine again.
        return to({ state: 'closed', retryDisabled: true }, [{ type: 'stopHeartbeat' }, { type: 'reloadTabs' }]);
      }
      if (m.retryDisabled) return to({ state: 'closed' }, [{ type: 'stopHeartbeat' }]);
      const { reconnectCount, reconnectDelayMs } = m.policy;
      if (reconnectCount === -1 || m.retriesUsed < reconnectCount) {
        return to({ state: 'closed' }, [{ type: 'stopHeartbeat' }, { type: 'scheduleRetry', delayMs: reconnectDelayMs }]);
      }
      return to({ state: 'failed' }, [{ type: 'stopHeartbeat' }, { type: 'reportFailed' }]);
    }

    case 'retryDue':
      if (m.state !== 'closed' || m.retryDisabled) return stay(m);
      return to({ state: 'connecting', retriesUsed: m.retriesUsed + 1 }, [{ type: 'openSocket' }]);
  }
}
