// Second (third, ...) users for journeys that share or authorise between users: registered over
// the gateway exactly as the registration page does it, and a browser context signed in as one.
import type { Browser, BrowserContext, Page } from '@playwright/test';
import { TestClient } from '../../../server/gateway/test-client';
import { DataType } from '../../../src/wire';
import { smsCodeFromLog, tinyPngBuffer } from './access-fixtures';
import type { TestServer } from './server';

export interface Account { name: string; phone: string; sid: string }

/** Registers `name` (phone `phone`, password `secret123`) and returns its session. */
export async function registerUser(server: TestServer, name: string, phone: string): Promise<Account> {
  const client = await TestClient.open(`ws://127.0.0.1:${server.port}/gw/ws`, DataType.json);
  try {
    const since = server.log().length;
    const sent = await client.request('LoginSvr', 'SYS.ATS.LOGIN', JSON.stringify({ method: 'sendSmsCode', phone, purpose: 'register' }));
    if (sent.Code !== '0001') throw new Error(`sendSmsCode: ${JSON.stringify(sent)}`);
    const code = await smsCodeFromLog(server, phone, since);
    const png = await tinyPngBuffer(40, 24);
    const reply = await client.request('LoginSvr', 'SYS.ATS.LOGIN', JSON.stringify({
      method: 'register',
      parameter: {
        username: name, phone, code, password: 'secret123', confirmPassword: 'secret123', role: 'bank', unitName: 'FX desk',
        institution: 'Test Bank', department: 'Trading', email: `${name}@bank.example`, cardImage: { fileName: 'card.png', base64: png.toString('base64') },
      },
    }));
    if (reply.Code !== '0001') throw new Error(`register: ${JSON.stringify(reply)}`);
    return { name, phone, sid: String(reply.sid) };
  } finally {
    client.close();
  }
}

/** A unique 5-digit tag so names and phones do not collide between runs on one database. */
export const uniqueTag = (): string => String((Date.now() + Math.floor(Math.random() * 1000)) % 100000).padStart(5, '0');

/** A browser context signed in as `user` in `lang` (the session stored before the app starts). */
export async function signedInAs(
  browser: Browser, user: Pick<Account, 'name' | 'sid'>, lang: 'zh' | 'en',
  opts: { serviceWorkers?: 'allow' | 'block'; socketConfig?: Record<string, unknown> } = {},
): Promise<{ context: BrowserContext; page: Page }> {
  const context = await browser.newContext({ viewport: { width: 1440, height: 900 }, serviceWorkers: opts.serviceWorkers ?? 'block' });
  await context.addInitScript(([sid, name, l, socket]) => {
    if (sessionStorage.getItem('seeded')) return;
    sessionStorage.setItem('seeded', '1');
    localStorage.setItem('sid', sid);
    localStorage.setItem('username', name);
    localStorage.setItem('loginTime', String(Date.now()));
    localStorage.setItem('Lang', l);
    if (socket) localStorage.setItem('deskSocketConfig', socket);
  }, [user.sid, user.name, lang, opts.socketConfig ? JSON.stringify(opts.socketConfig) : ''] as const);
  return { context, page: await context.newPage() };
}
