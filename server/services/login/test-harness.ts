// Tests only: a LoginSvr on a fresh database, reached the way the gateway reaches it
// (through register(registry)), with a recording bus, a hand-moved clock and cheap Argon2.
import type { NotificationBus, ServiceHandler } from '../../contracts';
import { openTestDatabase, type BackendKind, type TestDatabase } from '../../storage/test-backends';
import { createLoginService, LOGIN_METHOD, LOGIN_SERVER, TEST_ARGON2, type LoginService, type LoginServiceDeps } from './index';
import { cardOf, tinyPng } from './test-images';
import { testClock, type TestClock } from './test-clock';

export interface Harness {
  t: TestDatabase;
  clock: TestClock;
  published: { topic: string; event: Record<string, unknown> }[];
  logs: string[];
  svc: LoginService;
  // eslint-disable-next-line @typescript-eslint/no-explicit-any
  call(content: object | string, opts?: { address?: string; sid?: string }): Promise<any>;
  lastSmsCode(phone: string): Promise<string>;
  newPhone(): string;
  newName(): string;
  registerUser(overrides?: Record<string, unknown>): Promise<{ sid: string; username: string; phone: string; password: string }>;
  dispose(): Promise<void>;
}

let harnessNo = 0;

export async function createHarness(kind: BackendKind, extra: Partial<LoginServiceDeps> = {}): Promise<Harness> {
  const t = await openTestDatabase(kind);
  const clock = testClock();
  const published: Harness['published'] = [];
  const logs: string[] = [];
  const bus: NotificationBus = {
    publish: (topic, event) => void published.push({ topic, event }),
    onEvent: () => {},
    close: async () => {},
  };
  const svc = createLoginService({ db: t.db, bus, log: (m) => logs.push(m), now: clock.now, passwordHashing: TEST_ARGON2, ...extra });
  const handlers = new Map<string, ServiceHandler>();
  svc.register({ register: (server, method, h) => void handlers.set(`${server}/${method}`, h) });
  const handler = handlers.get(`${LOGIN_SERVER}/${LOGIN_METHOD}`)!;
  const h = ++harnessNo;
  let seq = 0;
  let connId = 0;

  const harness: Harness = {
    t,
    clock,
    published,
    logs,
    svc,
    call: async (content, opts = {}) =>
      handler(typeof content === 'string' ? content : JSON.stringify(content), {
        sid: opts.sid ?? null,
        user: null,
        connId: ++connId,
        remoteAddress: opts.address ?? '127.0.0.1',
      }),
    async lastSmsCode(phone) {
      const { rows } = await t.db.query<{ message: string }>('SELECT message FROM sms_outbox WHERE phone = $1 ORDER BY id DESC LIMIT 1', [
        phone,
      ]);
      if (!rows[0]) throw new Error(`no SMS to ${phone}`);
      return /(\d{6})/.exec(rows[0].message)![1];
    },
    newPhone: () => `13${h % 10}${String(process.pid % 10000).padStart(4, '0')}${String(++seq).padStart(4, '0')}`,
    newName: () => `user${h}x${++seq}`,
    async registerUser(overrides = {}) {
      const phone = (overrides.phone as string) ?? harness.newPhone();
      const username = (overrides.username as string) ?? harness.newName();
      const password = (overrides.password as string) ?? 'secret123';
      const address = `10.${h % 250}.${Math.floor(seq / 250) % 250}.${seq % 250}`;
      const sent = await harness.call({ method: 'sendSmsCode', phone, purpose: 'register' }, { address });
      if (sent.Code !== '0001') throw new Error(`sendSmsCode: ${JSON.stringify(sent)}`);
      const reply = await harness.call(
        {
          method: 'register',
          parameter: {
            username,
            phone,
            code: await harness.lastSmsCode(phone),
            password,
            confirmPassword: password,
            role: 'bank',
            unitName: 'Unit',
            institution: 'ICBC',
            department: 'FX',
            email: 'a@icbc.com.cn',
            cardImage: cardOf(tinyPng()),
            ...overrides,
          },
        },
        { address },
      );
      if (reply.Code !== '0001') throw new Error(`register: ${JSON.stringify(reply)}`);
      return { sid: reply.sid, username, phone, password };
    },
    async dispose() {
      await svc.close();
      await t.dispose();
    },
  };
  return harness;
}
