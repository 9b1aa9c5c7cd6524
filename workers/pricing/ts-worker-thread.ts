// A node:worker_threads Worker running a TypeScript entry. The sources run through tsx (as
// the server does), but `--import tsx` does not reach worker threads, so each thread
// registers tsx's loader itself before importing its entry.
import { Worker } from 'node:worker_threads';

export function startTsWorkerThread(entry: URL): Worker {
  const boot = `import('tsx/esm/api').then((m) => { m.register(); return import(${JSON.stringify(entry.href)}); })`;
  return new Worker(boot, { eval: true });
}
