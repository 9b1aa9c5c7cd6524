import { describe, expect, it } from 'vitest';
import { argon2id } from 'hash-wasm';
import { NO_PASSWORD, PRODUCTION_ARGON2, TEST_ARGON2, createPasswordHasher, parsePhc } from './passwords';

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
