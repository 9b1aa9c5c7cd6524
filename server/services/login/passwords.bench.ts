// Cost of one password verification with our Argon2id settings (hash-wasm, WebAssembly)
// against Node's built-in scrypt at OWASP's equivalent setting (N=2^17, r=8, p=1, 128 MiB),
// measured alternately in one process. Prints its section for docs/BENCHMARKS.md.
import { randomBytes, scrypt } from 'node:crypto';
import { PRODUCTION_ARGON2, createPasswordHasher } from './passwords';
import { median } from '../../../scripts/bench-kit';

const N = 15;
const hasher = createPasswordHasher(PRODUCTION_ARGON2);
const stored = await hasher.hash('secret123');
const salt = randomBytes(16);
const scryptOnce = () =>
  new Promise<void>((resolve, reject) =>
    scrypt('secret123', salt, 32, { N: 2 ** 17, r: 8, p: 1, maxmem: 256 * 1024 * 1024 }, (e) => (e ? reject(e) : resolve())),
  );

const argon: number[] = [];
const scryptMs: number[] = [];
await hasher.verify('secret123', stored); // warm the WebAssembly module
for (let i = 0; i < N; i++) {
  let t0 = performance.now();
  if (!(await hasher.verify('secret123', stored))) throw new Error('verify failed');
  argon.push(performance.now() - t0);
  t0 = performance.now();
  await scryptOnce();
  scryptMs.push(performance.now() - t0);
}
const a = median(argon);
const s = median(scryptMs);

console.log(`<!-- bench:begin -->
### server/services/login: password verification cost

Median of ${N} alternating runs. Ours: Argon2id m=19 MiB, t=2, p=1 via hash-wasm (WebAssembly).
Peer: Node's native scrypt at OWASP's comparable setting N=2^17, r=8, p=1 (128 MiB).

| verifier | median | ratio to scrypt |
|---|---|---|
| Argon2id (ours) | ${a.toFixed(1)} ms | ${(a / s).toFixed(2)} |
| scrypt (node:crypto) | ${s.toFixed(1)} ms | 1.00 |
<!-- bench:end -->`);
