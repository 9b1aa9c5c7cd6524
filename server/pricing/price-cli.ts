// `npm run --silent price`: JSON Lines on stdin, one result per line on stdout, same order
// (../../shared/PRICING-CLI.md). A line that is not JSON, or cannot be priced, yields
// `{"error": "..."}`; the other lines are still priced. A blank line is a bad line too, so
// the n-th output line always answers the n-th input line.
//
// Streaming: stdin is cut into pieces of whole lines as it arrives (json-lines.ts) and each
// piece is answered with one write as soon as it is priced, so a script that writes one line
// and waits gets its answer without closing stdin, and a large piped input is written in
// chunks of the pipe's size (64 KiB). With `--threads=N` (N pricing threads, this one
// included, at most one per core and 8), once an input has proved large (START_POOL_AT bytes)
// worker threads price pieces too; answers are still written in input order.
// Run from the prebuilt bundle (build/price-cli.mjs, see cli-bundle.mjs) through the launcher
// price.mjs; workers run the same bundle. Under tsx (the fallback) it stays on one thread.
import { realpathSync } from 'node:fs';
import { availableParallelism } from 'node:os';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { Worker, isMainThread, parentPort, workerData } from 'node:worker_threads';
import { priceOne } from '../../src/pricing-core/api/price-request';
import { loadNoticesFromEnv } from '../../src/pricing-core/dates/calendars/notice-files';
import { LineCutter, linesOf } from './json-lines';

const EMPTY_LINE = JSON.stringify({ error: 'empty line' });
const NOT_JSON = JSON.stringify({ error: 'line is not valid JSON' });
const OPEN_BRACE = 123;

export function priceLine(line: string): string {
  // A request starts with '{': no need to copy the line to trim it.
  if (line.charCodeAt(0) !== OPEN_BRACE && line.trim() === '') return EMPTY_LINE;
  let req: unknown;
  try {
    req = JSON.parse(line);
  } catch {
    return NOT_JSON;
  }
  // JSON.stringify writes a non-finite number as null by itself (ECMA-262 SerializeJSONProperty),
  // which is what the docs promise; a replacer doing it again cost a sixth of the run time.
  return JSON.stringify(priceOne(req));
}

/** The answer to a batch of lines: one result line each, newline-terminated. */
export function priceLines(lines: string[]): string {
  let out = '';
  for (let i = 0; i < lines.length; i++) out += priceLine(lines[i]) + '\n';
  return out;
}

/** Input size after which worker threads start (smaller inputs never pay their start). */
export const START_POOL_AT = 64 * 1024;
/** Pieces queued at one worker; past that this thread prices the piece itself. */
const MAX_QUEUED_PER_WORKER = 4;
/** Answers held back for an earlier one still being priced, before stdin is paused. */
const MAX_HELD_ANSWERS = 32;
const WORKER_ROLE = 'price-cli-worker';

export interface PriceCliOptions {
  /** Threads that price a large input: this one plus threads - 1 workers. 1 (default): this one only. */
  threads?: number;
}

/** Reads JSON Lines from `input` until it ends, answering each piece of whole lines with one write. */
export function runPriceCli(input: NodeJS.ReadableStream, output: NodeJS.WritableStream, opts: PriceCliOptions = {}): Promise<void> {
  const cutter = new LineCutter();
  // Workers run this very file, so only from the bundle (under tsx a worker could not load it).
  const workerCount = import.meta.url.endsWith('.mjs') ? Math.min(opts.threads ?? 1, 8) - 1 : 0;
  const workers: { worker: Worker; busy: number }[] = []; // started and ready
  const starting: Worker[] = []; // every worker started, ready or not
  let poolStarted = false;
  const ready = new Map<number, Uint8Array | string>(); // answers waiting for earlier ones
  let nextSeq = 0, nextToWrite = 0, bytesIn = 0;
  let ended = false, outputBlocked = false, inputPaused = false, finished = false;

  return new Promise((resolve, reject) => {
    const stopWorkers = () => { finished = true; for (const w of starting) void w.terminate(); };
    const fail = (e: unknown) => { stopWorkers(); reject(e); };

    const flowControl = () => {
      const shouldPause = outputBlocked || ready.size >= MAX_HELD_ANSWERS;
      if (shouldPause && !inputPaused) { input.pause(); inputPaused = true; }
      if (!shouldPause && inputPaused && !ended) { input.resume(); inputPaused = false; }
    };

    const flush = () => {
      while (ready.has(nextToWrite)) {
        const out = ready.get(nextToWrite)!;
        ready.delete(nextToWrite++);
        if (out.length > 0 && !output.write(out) && !outputBlocked) {
          // Pipes and files are written synchronously on Linux; elsewhere wait for the reader.
          outputBlocked = true;
          output.once('drain', () => { outputBlocked = false; flowControl(); });
        }
      }
      if (ended && nextToWrite === nextSeq && !finished) {
        stopWorkers();
        resolve();
      }
      flowControl();
    };

    // Workers take a few tens of milliseconds to load; this thread keeps pricing until each says so.
    const startPool = () => {
      poolStarted = true;
      for (let i = 0; i < workerCount; i++) {
        const worker = new Worker(fileURLToPath(import.meta.url), { workerData: { role: WORKER_ROLE } });
        starting.push(worker);
        const slot = { worker, busy: 0 };
        worker.on('message', (m: { seq: number; out: Uint8Array } | 'ready') => {
          if (m === 'ready') {
            if (!finished) workers.push(slot);
            return;
          }
          slot.busy--;
          ready.set(m.seq, m.out);
          flush();
        });
        worker.on('error', fail);
        // A worker that dies (out of memory, say) would leave its pieces unanswered: fail loudly.
        worker.on('exit', (code) => { if (!finished) fail(new Error(`a pricing worker stopped (exit code ${code})`)); });
      }
    };

    const answer = (piece: Buffer | null) => {
      if (!piece) return;
      const seq = nextSeq++;
      bytesIn += piece.length;
      if (workerCount > 0 && !poolStarted && bytesIn >= START_POOL_AT) startPool();
      let slot: (typeof workers)[number] | undefined;
      for (const w of workers) if (w.busy < MAX_QUEUED_PER_WORKER && (!slot || w.busy < slot.busy)) slot = w;
      if (slot) {
        const bytes = new Uint8Array(piece); // a copy that owns its memory, so it can be moved
        slot.busy++;
        slot.worker.postMessage({ seq, bytes }, [bytes.buffer]);
      } else {
        ready.set(seq, priceLines(linesOf(piece))); // this thread is a pricer too
      }
      flush();
    };

    input.on('data', (chunk: Buffer) => {
      try { answer(cutter.push(chunk)); } catch (e) { fail(e); }
    });
    input.on('end', () => {
      try {
        answer(cutter.end());
        ended = true;
        flush();
      } catch (e) {
        fail(e);
      }
    });
    input.on('error', fail);
  });
}

/** A worker thread of runPriceCli: prices pieces, answers with UTF-8 bytes (moved, not copied). */
function serveAsWorker(): void {
  loadNoticesFromEnv(); // each thread holds its own calendars
  const encoder = new TextEncoder();
  parentPort!.postMessage('ready');
  parentPort!.on('message', ({ seq, bytes }: { seq: number; bytes: Uint8Array }) => {
    const out = encoder.encode(priceLines(linesOf(bytes)));
    parentPort!.postMessage({ seq, out }, [out.buffer]);
  });
}

/**
 * `--threads=N` (1 by default). More threads pay a worker's start-up (tens of ms) and only win
 * where cores are idle: on the shared 2-core bench machine two threads were slower than one.
 */
export function parseThreads(argv: string[]): number {
  let threads = 1;
  for (const arg of argv) {
    const m = /^--threads=(\d+)$/.exec(arg);
    if (m) threads = Math.max(1, Math.min(Number(m[1]), availableParallelism(), 8));
    else throw new Error(`unknown argument: ${arg} (usage: price [--threads=N] < requests.jsonl)`);
  }
  return threads;
}

export async function main(argv = process.argv.slice(2)): Promise<void> {
  const threads = parseThreads(argv);
  loadNoticesFromEnv(); // official holiday notices named in CALENDAR_NOTICES (docs/calendars.md)
  // A reader that stops early (`| head -1`) is not an error of ours: stop quietly.
  process.stdout.on('error', (e: NodeJS.ErrnoException) => {
    if (e.code === 'EPIPE') process.exit(0);
    throw e;
  });
  await runPriceCli(process.stdin, process.stdout, { threads });
}

if (!isMainThread && (workerData as { role?: string } | null)?.role === WORKER_ROLE) {
  serveAsWorker();
} else {
  // Run directly (`node build/price-cli.mjs`, `tsx price-cli.ts`), not imported by the launcher or a test.
  const invokedAsScript = (() => {
    try {
      return isMainThread && process.argv[1] !== undefined && import.meta.url === pathToFileURL(realpathSync(process.argv[1])).href;
    } catch {
      return false;
    }
  })();
  if (invokedAsScript) {
    main().catch((e) => { console.error(e instanceof Error ? e.message : e); process.exit(1); });
  }
}
