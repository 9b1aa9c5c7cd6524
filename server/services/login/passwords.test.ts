import { afterAll, describe, expect, it } from 'vitest';
import { argon2id } from 'hash-wasm';
import { NO_PASSWORD, PRODUCTION_ARGON2, TEST_ARGON2, closePasswordPool, createPasswordHasher, parsePhc, passwordPool } from './passwords';

describe('passwords', () => {
  const hasher = createPasswordHasher(TEST_ARGON2);

  it('verifies the right password and rejects a wrong one', async () => {
    const stored = await hasher.hash('secret123');
    expect(await hasher.verify('secret123', stored)).toBe(true);
    expect(await hasher.verify('secret124', stored)).toBe(false);
    expect(await hasher.verify('', stored)).toBe(false);
  });

  it('salts every hash', async () => {
    const [a, b] = [await hasher.hash('same1234'), await hasher.hash('same1234')];
    expect(a).not.toBe(b);
    expect(parsePhc(a)!.salt.length).toBe(16);
  });

  it('produces the standard PHC encoding (checked against hash-wasm encoded output)', async () => {
    const stored = await hasher.hash('secret123');
    const { salt } = parsePhc(stored)!;
    const reference = await argon2id({
      password: 'secret123',
      salt,
      parallelism: TEST_ARGON2.parallelism,
      iterations: TEST_ARGON2.iterations,
      memorySize: TEST_ARGON2.memoryKiB,
      hashLength: 32,
      outputType: 'encoded',
    });
    expect(stored).toBe(reference);
  });

  it('verifies with the parameters stored in the hash, so production hashes stay valid', async () => {
    const prod = createPasswordHasher(PRODUCTION_ARGON2);
    const stored = await prod.hash('secret123');
    expect(stored).toMatch(/^\$argon2id\$v=19\$m=19456,t=2,p=1\$/);
    expect(await hasher.verify('secret123', stored)).toBe(true);
  });

  it('runs at most maxConcurrent derivations and refuses beyond the waiting bound with 1012', async () => {
    const gated = createPasswordHasher(TEST_ARGON2, { maxConcurrent: 1, maxWaiting: 2 });
    const stored = await gated.hash('secret123');
    const results = await Promise.allSettled([0, 1, 2, 3].map(() => gated.verify('secret123', stored)));
    expect(results.slice(0, 3).map((r) => r.status === 'fulfilled' && r.value)).toEqual([true, true, true]);
    expect(results[3]).toMatchObject({ status: 'rejected', reason: { code: '1012' } });
    expect(await gated.verify('secret123', stored)).toBe(true); // slots were all released
  });

  it('never matches the no-password marker or garbage', async () => {
    expect(await hasher.verify('anything1', NO_PASSWORD)).toBe(false);
    expect(await hasher.verify('anything1', '$argon2id$v=19$m=99999999,t=1,p=1$AAAA$AAAA')).toBe(false);
    await expect(hasher.verifyAgainstDummy('x')).resolves.toBeUndefined();
  });
});

describe('password hashing threads', () => {
  afterAll(() => closePasswordPool());

  it('derives on the pool: same PHC hashes as on this thread, counted by the pool', async () => {
    const threaded = createPasswordHasher(TEST_ARGON2, { threads: 1 });
    const inline = createPasswordHasher(TEST_ARGON2, { threads: 0 });
    const before = passwordPool(1).completed;
    const stored = await threaded.hash('secret123');
    expect(await inline.verify('secret123', stored)).toBe(true); // a thread's hash verifies here
    expect(await threaded.verify('secret123', await inline.hash('secret123'))).toBe(true);
    expect(await threaded.verify('wrong1234', stored)).toBe(false);
    expect(passwordPool(1).completed - before).toBe(3);
  });

  it('keeps the event loop responsive while production-cost hashes run (the same hashes on this thread block it)', async () => {
    // The longest gap between ticks of a 5 ms timer while `work` runs.
    async function longestGap(work: () => Promise<unknown>): Promise<number> {
      let last = performance.now();
      let gap = 0;
      const timer = setInterval(() => {
        const t = performance.now();
        gap = Math.max(gap, t - last);
        last = t;
      }, 5);
      try {
        await work();
      } finally {
        clearInterval(timer);
      }
      return Math.max(gap, performance.now() - last);
    }
    const threaded = createPasswordHasher(PRODUCTION_ARGON2, { threads: 1 });
    const inline = createPasswordHasher(PRODUCTION_ARGON2, { threads: 0 });
    const stored = await threaded.hash('secret123'); // also starts the thread
    await inline.verify('secret123', stored); // warm this thread's WebAssembly module
    const t0 = performance.now();
    await inline.verify('secret123', stored);
    const oneHashMs = performance.now() - t0;
    const blockedGap = await longestGap(() => Promise.all([1, 2, 3].map(() => inline.verify('secret123', stored))));
    const before = passwordPool(1).completed;
    const freeGap = await longestGap(() => Promise.all([1, 2, 3, 4, 5, 6].map(() => threaded.verify('secret123', stored))));
    expect(passwordPool(1).completed - before).toBe(6);
    expect(blockedGap).toBeGreaterThanOrEqual(oneHashMs * 0.8); // on this thread a hash holds the loop
    expect(freeGap).toBeLessThan(oneHashMs / 2); // on the pool it does not
  });
});
