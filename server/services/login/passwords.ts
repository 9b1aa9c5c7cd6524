// Password hashing: Argon2id (hash-wasm) in the PHC string format, verified by recomputing
// with the stored parameters and comparing in constant time. With production parameters a
// derivation costs ~50-100 ms of CPU, so the server runs them on a pool of worker threads
// (hash-worker.ts): a login wave then slows logins down, not every other request.
import { randomBytes, timingSafeEqual } from 'node:crypto';
import os from 'node:os';
import { argon2id } from 'hash-wasm';
import { WorkerPool } from '../../threads/worker-pool';
import { tooManyAttempts } from './codes';
import { passwordHashSeconds } from '../../observability/metrics';

export interface Argon2Params {
  memoryKiB: number;
  iterations: number;
  parallelism: number;
}

/** OWASP's baseline for Argon2id: 19 MiB, 2 passes, 1 lane. */
export const PRODUCTION_ARGON2: Argon2Params = { memoryKiB: 19 * 1024, iterations: 2, parallelism: 1 };
/** Tests only: cheap parameters so suites stay fast. Never use in production. */
export const TEST_ARGON2: Argon2Params = { memoryKiB: 64, iterations: 1, parallelism: 1 };

const HASH_BYTES = 32;
const SALT_BYTES = 16;
/** Stored for accounts that have no password (created by SMS login): matches nothing. */
export const NO_PASSWORD = '!';

export interface PasswordHasher {
  hash(password: string): Promise<string>;
  verify(password: string, stored: string): Promise<boolean>;
  /** Same cost as a real verification, for unknown users, so timing does not reveal them. */
  verifyAgainstDummy(password: string): Promise<void>;
  /** Derivations running and waiting now (metrics). */
  load(): { running: number; waiting: number };
}

export interface HasherLimits {
  /** Derivations running at once: each allocates its own WebAssembly memory (19 MiB). With
   * threads, at most one per thread runs; the smaller of the two applies. */
  maxConcurrent: number;
  /** Derivations allowed to wait; beyond that callers get 1012 instead of queueing. */
  maxWaiting: number;
  /** Worker threads that derive; 0 = on the calling thread (cheap test parameters, the bench's peer). */
  threads: number;
}

/**
 * Threads for password hashing: PASSWORD_HASH_THREADS, else one per core but one (the
 * gateway's), at least 1 and at most 4.
 */
export function passwordHashThreads(env: NodeJS.ProcessEnv = process.env): number {
  const raw = env.PASSWORD_HASH_THREADS;
  if (raw !== undefined && raw !== '') {
    const n = Number(raw);
    if (!Number.isInteger(n) || n < 0 || n > 64) throw new Error(`PASSWORD_HASH_THREADS must be a whole number in [0, 64], got ${raw}`);
    return n;
  }
  return Math.max(1, Math.min(4, os.availableParallelism() - 1));
}

/**
 * 512 waiting: a burst of a 2,000-person office's logins queues (each waiter is a closure)
 * instead of being refused; at ~10 derivations/s per thread the last waits tens of seconds.
 */
export const DEFAULT_HASHER_LIMITS: HasherLimits = { maxConcurrent: 4, maxWaiting: 512, threads: 0 };

/** One derivation as the hashing threads receive it. */
export interface DeriveTask {
  password: string;
  salt: Uint8Array;
  params: Argon2Params;
  hashBytes: number;
}

let pool: WorkerPool<DeriveTask, Uint8Array> | null = null;

/** The process's hashing threads, started on first use with `threads` threads. */
export function passwordPool(threads: number): WorkerPool<DeriveTask, Uint8Array> {
  pool ??= new WorkerPool(new URL('./hash-worker.ts', import.meta.url), threads, 'password hashing');
  return pool;
}

export async function closePasswordPool(): Promise<void> {
  const p = pool;
  pool = null;
  await p?.close();
}

/** Hashing activity, for metrics: derivations running and waiting, and their durations. */
export interface HasherObserver {
  onDerive?(seconds: number, where: 'thread' | 'inline'): void;
}

const metricsObserver: HasherObserver = { onDerive: (seconds, where) => passwordHashSeconds.observe({ where }, seconds) };

export function createPasswordHasher(params: Argon2Params = PRODUCTION_ARGON2, limits: Partial<HasherLimits> = {}, observer: HasherObserver = metricsObserver): PasswordHasher {
  const l = { ...DEFAULT_HASHER_LIMITS, ...limits };
  const gate = new Gate({ maxConcurrent: l.threads > 0 ? Math.min(l.maxConcurrent, l.threads) : l.maxConcurrent, maxWaiting: l.maxWaiting });
  const where = l.threads > 0 ? 'thread' : 'inline';
  const deriveOnce = async (password: string, salt: Uint8Array, p: Argon2Params): Promise<Buffer> => {
    const t0 = performance.now();
    const out = l.threads > 0 ? Buffer.from(await passwordPool(l.threads).run({ password, salt, params: p, hashBytes: HASH_BYTES })) : await deriveNow(password, salt, p);
    observer.onDerive?.((performance.now() - t0) / 1000, where);
    return out;
  };
  const derive = (password: string, salt: Uint8Array, p: Argon2Params) => gate.run(() => deriveOnce(password, salt, p));
  let dummy: Promise<string> | null = null;
  const hasher: PasswordHasher = {
    async hash(password) {
      const salt = randomBytes(SALT_BYTES);
      const hash = await derive(password, salt, params);
      return encodePhc(params, salt, hash);
    },
    async verify(password, stored) {
      const parsed = parsePhc(stored);
      if (!parsed || password.length === 0) return false; // hash-wasm refuses empty input
      const actual = await derive(password, parsed.salt, parsed.params);
      return actual.length === parsed.hash.length && timingSafeEqual(actual, parsed.hash);
    },
    async verifyAgainstDummy(password) {
      dummy ??= hasher.hash('dummy-password-1');
      await hasher.verify(password || 'x', await dummy);
    },
    load: () => ({ running: gate.running, waiting: gate.waiting.length }),
  };
  return hasher;
}

async function deriveNow(password: string, salt: Uint8Array, p: Argon2Params): Promise<Buffer> {
  const out = await argon2id({
    password,
    salt,
    parallelism: p.parallelism,
    iterations: p.iterations,
    memorySize: p.memoryKiB,
    hashLength: HASH_BYTES,
    outputType: 'binary',
  });
  return Buffer.from(out);
}

/** A counting semaphore with a bounded queue, so a login flood cannot exhaust memory. */
class Gate {
  running = 0;
  readonly waiting: (() => void)[] = [];

  constructor(private readonly limits: { maxConcurrent: number; maxWaiting: number }) {}

  async run<T>(fn: () => Promise<T>): Promise<T> {
    if (this.running >= this.limits.maxConcurrent) {
      if (this.waiting.length >= this.limits.maxWaiting) throw tooManyAttempts(1);
      await new Promise<void>((resolve) => this.waiting.push(resolve));
    } else {
      this.running++;
    }
    try {
      return await fn();
    } finally {
      const next = this.waiting.shift();
      if (next) next(); // hand the slot over directly
      else this.running--;
    }
  }
}

const b64 = (b: Uint8Array) => Buffer.from(b).toString('base64').replace(/=+$/, '');

export function encodePhc(p: Argon2Params, salt: Uint8Array, hash: Uint8Array): string {
  return `$argon2id$v=19$m=${p.memoryKiB},t=${p.iterations},p=${p.parallelism}$${b64(salt)}$${b64(hash)}`;
}

export function parsePhc(s: string): { params: Argon2Params; salt: Buffer; hash: Buffer } | null {
  const m = /^\$argon2id\$v=19\$m=(\d+),t=(\d+),p=(\d+)\$([A-Za-z0-9+/]+)\$([A-Za-z0-9+/]+)$/.exec(s);
  if (!m) return null;
  const params = { memoryKiB: Number(m[1]), iterations: Number(m[2]), parallelism: Number(m[3]) };
  // Refuse absurd stored costs rather than letting a bad row exhaust memory.
  if (params.memoryKiB > 1024 * 1024 || params.iterations > 64 || params.parallelism > 16) return null;
  return { params, salt: Buffer.from(m[4], 'base64'), hash: Buffer.from(m[5], 'base64') };
}
