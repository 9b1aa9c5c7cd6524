// Child process of login-wave.bench.ts: the real gateway and LoginSvr (production Argon2id)
// on a fresh embedded database with WAVE_USERS accounts (wave0..), plus a cheap Bench/echo
// handler standing for the desks' other requests. argv[2]: `inline` hashes on the gateway's
// thread (the behaviour before the pool), `pool` on the hashing threads. Prints `PORT <n>`.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { SessionUser } from '../../../contracts';
import { FakeSessionAuthority, startTestGateway } from '../../../gateway/test-support';
import { InProcessBus } from '../../../bus/in-process-bus';
import { openDatabase } from '../../../storage/index';
import { insertUser } from '../users';
import { createLoginService } from '../index';
import { PRODUCTION_ARGON2, createPasswordHasher, passwordHashThreads } from '../passwords';

const mode = process.argv[2];
const users = Number(process.env.WAVE_USERS ?? 300);
const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'login-wave-'));
const db = await openDatabase({ dataDir: dir });
const login = createLoginService({ db, bus: new InProcessBus(), log: () => {}, hashThreads: mode === 'pool' ? passwordHashThreads() : 0 });
const stored = await createPasswordHasher(PRODUCTION_ARGON2, { threads: 0 }).hash('wave-secret-1');
await db.transaction(async (tx) => {
  for (let i = 0; i < users; i++) await insertUser(tx, { userName: `wave${i}`, passwordHash: stored, phone: `138${String(i).padStart(8, '0')}`, role: 'bank' }, Date.now());
});

/** The real login service behind the gateway's CONNECT. */
class RealAuthority extends FakeSessionAuthority {
  override loginWithPassword(userName: string, password: string, remoteAddress?: string): Promise<SessionUser | null> {
    return login.authority.loginWithPassword(userName, password, remoteAddress ?? '127.0.0.1');
  }
  override checkSession(sid: string): Promise<SessionUser | null> {
    return login.authority.checkSession(sid);
  }
}

const g = await startTestGateway({ authority: new RealAuthority() });
g.registry.register('Bench', 'echo', (content) => ({ Code: '0000', content }));
process.stdout.write(`PORT ${g.port}\n`);
process.on('SIGTERM', () => {
  fs.rmSync(dir, { recursive: true, force: true });
  process.exit(0);
});
