// LoginSvr: accounts, sessions, SMS codes, profiles, licences and referral gifts.
// server/main.ts creates it once and wires `authority` into the gateway and `register`
// into the service registry. Method reference: docs/api/login.md.
import type { Database, NotificationBus, ServiceRegistry, SessionAuthority, SessionUser } from '../../contracts';
import { ensureDemoUser, passwordLogin, sessionUserOf } from './accounts';
import { LoginCode, LoginFailure } from './codes';
import { usageMarker, type LoginContext } from './context';
import { countLogin, createDispatcher } from './dispatch';
import { closePasswordPool, createPasswordHasher, passwordHashThreads, PRODUCTION_ARGON2, type Argon2Params } from './passwords';
import { RateLimiter } from './rate-limiter';
import { Sessions } from './sessions';
import { SmsCodes, createOutboxSmsProvider, type SmsProvider } from './sms';
import { findUserById } from './users';
import { startupTask } from '../../storage/startup-work';
import { watchPasswordHashing } from '../../observability/metrics';

export const LOGIN_SERVER = 'LoginSvr';
export const LOGIN_METHOD = 'SYS.ATS.LOGIN';

/**
 * content.method values that change stored data and are done once per request key with a
 * live session (docs/protocol.md). Not here: login, loginBySms and register, whose replies
 * carry a new session id that must not be kept anywhere but the sessions table (a repeated
 * login opens one more session; a repeated register or SMS login is refused as taken/used).
 */
export const LOGIN_CHANGES: ReadonlySet<string> = new Set(['sendSmsCode', 'logout', 'changePassword', 'updateProfile', 'applyTrial', 'redeemGift']);

/** True when the LoginSvr content names a method in LOGIN_CHANGES. */
export function loginChangesData(content: string): boolean {
  try {
    const method = (JSON.parse(content) as { method?: unknown } | null)?.method;
    return typeof method === 'string' && LOGIN_CHANGES.has(method);
  } catch {
    return false; // refused by the handler anyway
  }
}

export interface LoginServiceDeps {
  db: Database;
  bus: NotificationBus;
  log: (msg: string) => void;
  /** Defaults to the outbox provider (server log + sms_outbox table). */
  sms?: SmsProvider;
  now?: () => number;
  /** Tests only: lighter Argon2id parameters. Production uses PRODUCTION_ARGON2. */
  passwordHashing?: Argon2Params;
  /** Hashing threads; default PASSWORD_HASH_THREADS or cores - 1 (1-4), and 0 (this thread) with test parameters. */
  hashThreads?: number;
}

export interface LoginService {
  authority: SessionAuthority;
  register(registry: ServiceRegistry): void;
  ensureDemoUser(name: string, password: string): Promise<void>;
  close(): Promise<void>;
}

export function createLoginService(deps: LoginServiceDeps): LoginService {
  const now = deps.now ?? Date.now;
  const limiter = new RateLimiter(deps.db, now);
  const sms = deps.sms ?? createOutboxSmsProvider(deps.db, deps.log, now);
  const c: LoginContext = {
    db: deps.db,
    bus: deps.bus,
    log: deps.log,
    now,
    hasher: createPasswordHasher(deps.passwordHashing ?? PRODUCTION_ARGON2, { threads: deps.hashThreads ?? (deps.passwordHashing ? 0 : passwordHashThreads()) }),
    limiter,
    smsCodes: new SmsCodes(deps.db, sms, limiter, now, deps.log),
    sessions: new Sessions(deps.db, now),
    markUsage: usageMarker(deps.db, now),
  };

  const authority: SessionAuthority = {
    async loginWithPassword(userName, password, remoteAddress): Promise<SessionUser | null> {
      try {
        const user = sessionUserOf(await passwordLogin(c, userName, password, remoteAddress), now());
        countLogin(LoginCode.ok);
        return user;
      } catch (e) {
        if (e instanceof LoginFailure) {
          countLogin(e.code);
          return null; // wrong password or locked out: 1001 at the gateway
        }
        throw e;
      }
    },
    async checkSession(sid): Promise<SessionUser | null> {
      const session = await c.sessions.resolve(sid);
      if (!session) return null;
      const user = await findUserById(c.db, session.userId);
      if (!user) return null;
      await c.markUsage(user.id);
      return sessionUserOf({ sid: session.sid, user }, now());
    },
  };

  const unwatch = watchPasswordHashing(() => c.hasher.load());
  return {
    authority,
    register(registry) {
      registry.register(LOGIN_SERVER, LOGIN_METHOD, createDispatcher(c), { changesData: loginChangesData });
    },
    // Once the database is available, one instance at a time (two starting together would
    // both insert the user), again after an outage.
    ensureDemoUser: (name, password) => startupTask(c.db, 'demo-user', () => ensureDemoUser(c, name, password), { log: deps.log }),
    async close() {
      // The hashing threads and gauges; the database belongs to the caller.
      unwatch();
      await closePasswordPool();
    },
  };
}

export type { SmsProvider } from './sms';
export { PRODUCTION_ARGON2, TEST_ARGON2, type Argon2Params } from './passwords';
