// A small pool of pricing workers (module Web Workers in the browser; any endpoint in
// tests). Workers start on first use (or warm()), a call goes to the least busy one, and a
// large vanilla batch is split into contiguous row ranges, one per worker, whose typed
// arrays travel as transferables both ways. A worker that fails rejects only its own
// requests and is replaced on the next use.
import type { VanillaBatchInputs, VanillaBatchOutputs } from '../../pricing-core/batch/vanilla-batch';
import type { ReplyBody } from './offline-core';
import { VANILLA_INPUT_KEYS, VANILLA_OUTPUT_KEYS, type WorkerReply, type WorkerRequest } from './protocol';

export interface PricingWorkerEndpoint {
  post(message: WorkerRequest, transfer: Transferable[]): void;
  onMessage(handler: (reply: WorkerReply) => void): void;
  onError(handler: (error: Error) => void): void;
  terminate(): void;
}

interface Slot {
  endpoint: PricingWorkerEndpoint;
  pending: Map<number, { resolve: (r: WorkerReply) => void; reject: (e: Error) => void }>;
}

export interface VanillaBatchOptions {
  /**
   * Hand the input arrays' buffers to the workers instead of copying them (faster; the
   * caller's arrays are detached afterwards). Only where each array owns its whole buffer.
   */
  transfer?: boolean;
  /** Rows below which one worker prices everything (splitting costs more than it saves). */
  minRowsPerWorker?: number;
}

export const DEFAULT_MIN_ROWS_PER_WORKER = 20_000;

function ownsBuffer(a: Float64Array): boolean {
  return a.byteOffset === 0 && a.byteLength === a.buffer.byteLength && a.buffer instanceof ArrayBuffer;
}

export class PricingWorkerPool {
  private readonly slots: Slot[] = [];
  private nextId = 1;
  private closed = false;

  constructor(
    private readonly spawn: () => PricingWorkerEndpoint,
    readonly size: number,
  ) {
    if (!(size >= 1)) throw new RangeError('pool size must be at least 1');
  }

  /** Starts `count` workers now (all by default), so a pricing does not wait for one to load. */
  warm(count = this.size): void {
    while (!this.closed && this.slots.length < Math.min(count, this.size)) this.add();
  }

  call(method: string, content: unknown): Promise<ReplyBody> {
    return this.send(this.leastBusy(), (id) => ({ id, kind: 'call', method, content }), []).then((r) => {
      if (r.kind !== 'call') throw new Error('unexpected worker reply');
      return r.body;
    });
  }

  /** Price and greeks of every row, off the main thread; same numbers as priceVanillaBatch. */
  async vanillaBatch(inputs: VanillaBatchInputs, opts: VanillaBatchOptions = {}): Promise<VanillaBatchOutputs> {
    const n = inputs.spot.length;
    for (const k of VANILLA_INPUT_KEYS) if (inputs[k].length !== n) throw new RangeError(`inputs.${k} has ${inputs[k].length} rows, spot has ${n}`);
    const parts = Math.max(1, Math.min(this.size, Math.floor(n / (opts.minRowsPerWorker ?? DEFAULT_MIN_ROWS_PER_WORKER))));
    if (parts === 1) {
      const own = opts.transfer === true && VANILLA_INPUT_KEYS.every((k) => ownsBuffer(inputs[k]));
      const sent = own ? inputs : this.slice(inputs, 0, n);
      return this.priceRows(this.leastBusy(), sent);
    }
    const bounds = Array.from({ length: parts + 1 }, (_, i) => Math.round((i * n) / parts));
    this.warm();
    const chunks = await Promise.all(
      Array.from({ length: parts }, (_, i) => this.priceRows(this.slots[i % this.slots.length], this.slice(inputs, bounds[i], bounds[i + 1]))),
    );
    const out = Object.fromEntries(VANILLA_OUTPUT_KEYS.map((k) => [k, new Float64Array(n)])) as unknown as VanillaBatchOutputs;
    chunks.forEach((c, i) => {
      for (const k of VANILLA_OUTPUT_KEYS) out[k].set(c[k], bounds[i]);
    });
    return out;
  }

  terminate(): void {
    this.closed = true;
    for (const s of this.slots.splice(0)) {
      s.endpoint.terminate();
      for (const p of s.pending.values()) p.reject(new Error('pricing pool terminated'));
    }
  }

  /** Requests waiting per worker (diagnostics and tests). */
  load(): number[] {
    return this.slots.map((s) => s.pending.size);
  }

  private slice(inputs: VanillaBatchInputs, lo: number, hi: number): VanillaBatchInputs {
    return Object.fromEntries(VANILLA_INPUT_KEYS.map((k) => [k, inputs[k].slice(lo, hi)])) as unknown as VanillaBatchInputs;
  }

  private async priceRows(slot: Slot, inputs: VanillaBatchInputs): Promise<VanillaBatchOutputs> {
    const r = await this.send(slot, (id) => ({ id, kind: 'vanilla', inputs }), VANILLA_INPUT_KEYS.map((k) => inputs[k].buffer as ArrayBuffer));
    if (r.kind !== 'vanilla') throw new Error('unexpected worker reply');
    return r.out;
  }

  private send(slot: Slot, make: (id: number) => WorkerRequest, transfer: Transferable[]): Promise<WorkerReply> {
    if (this.closed) return Promise.reject(new Error('pricing pool terminated'));
    const id = this.nextId++;
    return new Promise<WorkerReply>((resolve, reject) => {
      slot.pending.set(id, { resolve, reject });
      try {
        slot.endpoint.post(make(id), transfer);
      } catch (e) {
        slot.pending.delete(id);
        reject(e instanceof Error ? e : new Error(String(e)));
      }
    }).then((r) => {
      if (r.kind === 'error') throw new Error(r.message);
      return r;
    });
  }

  private leastBusy(): Slot {
    let best: Slot | undefined;
    for (const s of this.slots) if (!best || s.pending.size < best.pending.size) best = s;
    if (best && (best.pending.size === 0 || this.slots.length >= this.size)) return best;
    return this.add();
  }

  private add(): Slot {
    const endpoint = this.spawn();
    const slot: Slot = { endpoint, pending: new Map() };
    endpoint.onMessage((r) => {
      const p = slot.pending.get(r.id);
      if (!p) return;
      slot.pending.delete(r.id);
      p.resolve(r);
    });
    endpoint.onError((e) => {
      const i = this.slots.indexOf(slot);
      if (i >= 0) this.slots.splice(i, 1);
      endpoint.terminate();
      for (const p of slot.pending.values()) p.reject(e);
      slot.pending.clear();
    });
    this.slots.push(slot);
    return slot;
  }
}

/** A module Web Worker running ./pricing-worker.ts (bundled by Vite). */
export function browserPricingEndpoint(): PricingWorkerEndpoint {
  const worker = new Worker(new URL('./pricing-worker.ts', import.meta.url), { type: 'module', name: 'desk-pricing' });
  return {
    post: (m, transfer) => worker.postMessage(m, transfer),
    onMessage: (h) => {
      worker.onmessage = (ev: MessageEvent<WorkerReply>) => h(ev.data);
    },
    onError: (h) => {
      worker.onerror = (ev) => h(new Error(ev.message || 'pricing worker failed'));
    },
    terminate: () => worker.terminate(),
  };
}

/** Workers for this browser: leave one core to the page, at most 4. */
export function defaultPoolSize(): number {
  const cores = (typeof navigator !== 'undefined' && navigator.hardwareConcurrency) || 2;
  return Math.max(1, Math.min(4, cores - 1));
}

let shared: PricingWorkerPool | null = null;

/** The page's pricing pool (started on first use). */
export function browserPricingPool(): PricingWorkerPool {
  shared ??= new PricingWorkerPool(browserPricingEndpoint, defaultPoolSize());
  return shared;
}
