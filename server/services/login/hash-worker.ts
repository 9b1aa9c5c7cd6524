// worker_threads entry of the password-hashing pool: one Argon2id derivation per task, so the
// gateway's thread never spends the ~50-100 ms of a derivation (passwords.ts).
import { argon2id } from 'hash-wasm';
import { serveWorkerPool } from '../../threads/pool-thread';
import type { DeriveTask } from './passwords';

serveWorkerPool(async (t: DeriveTask) =>
  argon2id({
    password: t.password,
    salt: t.salt,
    parallelism: t.params.parallelism,
    iterations: t.params.iterations,
    memorySize: t.params.memoryKiB,
    hashLength: t.hashBytes,
    outputType: 'binary',
  }),
);
