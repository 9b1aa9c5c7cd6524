// Outstanding SEND requests keyed by sequence number. A request stays here from the moment
// a tab asks until its REPLY arrives or its own timeout fires; the listener is forgotten in
// both cases. While there is no accepted connection requests wait unsent; when a socket
// dies, requests that were sent but not answered go back to waiting, so a reconnect resends
// them (SPEC section 4: "re-sends pending requests"). Every request carries a request key
// (`requestId`, PROTOCOL.md section 3) minted once here, or by the tab, and kept on every
// re-send, so the server does a change once however often it arrives.
import { newRequestId } from '../../src/wire/request-id';

export type RequestOutcome =
  | { ok: true; body: unknown }
  | { ok: false; code: 'timeout' | 'aborted'; message: string };

export interface PendingRequest {
  readonly seq: number;
  readonly serverName: string;
  readonly method: string;
  readonly content: string;
  /** The request key, the same on every (re-)send of this request. */
  readonly requestId: string;
  /** Tab that asked; lets a leaving tab abandon its requests. */
  readonly owner: string;
  sent: boolean;
}

interface Entry extends PendingRequest {
  settle: (outcome: RequestOutcome) => void;
  timer: ReturnType<typeof setTimeout>;
}

const MAX_SEQ = 0xffff_ffff;

/** Sequence numbers 1..2^32-1, wrapping; 0 is reserved for notifications. */
export class SequenceCounter {
  private last = 0;
  next(): number {
    this.last = this.last >= MAX_SEQ ? 1 : this.last + 1;
    return this.last;
  }
}

export class RequestTable {
  private readonly entries = new Map<number, Entry>();

  constructor(private readonly seqs: SequenceCounter) {}

  get size(): number {
    return this.entries.size;
  }

  /**
   * Registers a request; the promise never rejects, it resolves to an outcome. `requestId`:
   * the tab's key when it replays a call to a new owner, else a new one.
   */
  create(owner: string, serverName: string, method: string, content: string, timeoutMs: number, requestId: string = newRequestId()): { seq: number; outcome: Promise<RequestOutcome> } {
    let seq = this.seqs.next();
    while (this.entries.has(seq)) seq = this.seqs.next(); // only after 2^32 requests in flight
    const outcome = new Promise<RequestOutcome>((resolve) => {
      const timer = setTimeout(() => {
        this.entries.delete(seq);
        resolve({ ok: false, code: 'timeout', message: `${serverName} ${method}: no reply within ${timeoutMs} ms` });
      }, timeoutMs);
      this.entries.set(seq, { seq, owner, serverName, method, content, requestId, sent: false, timer, settle: resolve });
    });
    return { seq, outcome };
  }

  get(seq: number): PendingRequest | undefined {
    return this.entries.get(seq);
  }

  /** Requests not yet sent on the current connection, oldest first. */
  unsent(): PendingRequest[] {
    return [...this.entries.values()].filter((e) => !e.sent);
  }

  markSent(seq: number): void {
    const e = this.entries.get(seq);
    if (e) e.sent = true;
  }

  /** The connection died: everything unanswered waits for the next one. */
  markAllUnsent(): void {
    for (const e of this.entries.values()) e.sent = false;
  }

  /** Delivers a REPLY; false when no request waits for that sequence number. */
  resolve(seq: number, body: unknown): boolean {
    const e = this.entries.get(seq);
    if (!e) return false;
    this.finish(e, { ok: true, body });
    return true;
  }

  /** Abandons the requests of a tab that left (their replies have nowhere to go). */
  abortOwner(owner: string): void {
    for (const e of [...this.entries.values()]) {
      if (e.owner === owner) this.finish(e, { ok: false, code: 'aborted', message: 'the requesting tab left' });
    }
  }

  private finish(e: Entry, outcome: RequestOutcome): void {
    clearTimeout(e.timer);
    this.entries.delete(e.seq);
    e.settle(outcome);
  }
}
