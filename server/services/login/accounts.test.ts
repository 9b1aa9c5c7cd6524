// LoginSvr account flows end to end through register(registry), on both storage backends.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BACKENDS } from '../../storage/test-backends';
import { SESSION_TTL_MS } from './sessions';
import { insertUser, uniqueViolation } from './users';
import { createHarness, type Harness } from './test-harness';
import { cardOf, tinyPng } from './test-images';

describe.each(BACKENDS)('LoginSvr accounts on %s', (kind) => {
  let h: Harness;
  beforeAll(async () => (h = await createHarness(kind)));
  afterAll(async () => h?.dispose());

  it('answers malformed content with 1002, never a crash', async () => {
    for (const bad of ['not json', '[]', '42', 'null', '{"method":"nope"}', '{"method":"__proto__"}', '{"method":"toString"}']) {
      expect((await h.call(bad)).Code).toBe('1002');
    }
    expect(await h.call({ method: 'login' })).toMatchObject({ Code: '1002', field: 'parameter' });
    expect(await h.call({ method: 'login', parameter: { userName: 'a' } })).toMatchObject({ Code: '1002', field: 'password' });
    expect(await h.call({ method: 'register', parameter: 'x' })).toMatchObject({ Code: '1002', field: 'parameter' });
  });

  it('registers with an SMS code, is logged in, and logs in again by password (name case-insensitive)', async () => {
    const phone = h.newPhone();
    expect(await h.call({ method: 'checkUserName', userName: 'Alice7' })).toEqual({ Code: '0001', available: true });
    expect(await h.call({ method: 'sendSmsCode', phone, purpose: 'register' })).toEqual({ Code: '0001', resendAfterSec: 60 });
    const reg = await h.call({
      method: 'register',
      parameter: {
        username: 'Alice7',
        phone,
        code: await h.lastSmsCode(phone),
        password: 'secret123',
        confirmPassword: 'secret123',
        role: 'client',
        unitName: 'Treasury',
        institution: 'CMB',
        department: 'FX',
        email: 'alice@cmb.com',
        cardImage: cardOf(tinyPng()),
      },
    });
    expect(reg).toMatchObject({ Code: '0001', username: 'Alice7', institution_shortname: 'CMB' });
    expect(reg.sid).toMatch(/^[0-9a-f]{64}$/);
    expect(await h.call({ method: 'userInfo', parameter: reg.sid })).toEqual({ Code: '0001' });
    expect(await h.call({ method: 'checkUserName', userName: 'alice7' })).toEqual({ Code: '0001', available: false });

    const login = await h.call({ method: 'login', parameter: { userName: 'ALICE7', password: 'secret123' } });
    expect(login).toMatchObject({ Code: '0001', username: 'Alice7', institution_shortname: 'CMB' });
    expect(login.sid).not.toBe(reg.sid);
    const stored = await h.t.db.query<{ password_hash: string }>(`SELECT password_hash FROM users WHERE user_name = 'Alice7'`);
    expect(stored.rows[0].password_hash).toMatch(/^\$argon2id\$/);
  });

  it('validates registration fields with the contract codes', async () => {
    const phone = h.newPhone();
    await h.call({ method: 'sendSmsCode', phone, purpose: 'register' }, { address: '10.200.0.1' });
    const code = await h.lastSmsCode(phone);
    const good = {
      username: h.newName(),
      phone,
      code,
      password: 'secret123',
      confirmPassword: 'secret123',
      role: 'bank',
      unitName: 'U',
      institution: 'I',
      email: 'x@bank.cn',
      cardImage: cardOf(tinyPng()),
    };
    const reg = (p: Record<string, unknown>) => h.call({ method: 'register', parameter: { ...good, ...p } });
    for (const field of ['username', 'phone', 'code', 'password', 'confirmPassword', 'role', 'unitName', 'institution', 'email', 'cardImage']) {
      expect(await reg({ [field]: '' }), field).toMatchObject({ Code: '1002', field });
    }
    expect(await reg({ username: 'bad name' })).toMatchObject({ Code: '1002', field: 'username' });
    expect(await reg({ phone: '12345678901' })).toMatchObject({ Code: '1003' });
    expect(await reg({ password: 'short1', confirmPassword: 'short1' })).toMatchObject({ Code: '1006' });
    expect(await reg({ password: 'lettersonly', confirmPassword: 'lettersonly' })).toMatchObject({ Code: '1006' });
    expect(await reg({ confirmPassword: 'secret124' })).toMatchObject({ Code: '1007', msg: 'Password Inconsistency' });
    expect(await reg({ role: 'admin' })).toMatchObject({ Code: '1002', field: 'role' });
    expect(await reg({ email: 'nope' })).toMatchObject({ Code: '1016' });
    expect(await reg({ cardImage: cardOf(Buffer.from('GIF89a....'), 'a.png') })).toMatchObject({ Code: '1011' });
    expect(await reg({ cardImage: [cardOf(tinyPng()), cardOf(tinyPng())] })).toMatchObject({ Code: '1011' });
    const other = await h.registerUser();
    expect(await reg({ username: other.username.toUpperCase() })).toMatchObject({
      Code: '1005',
      msg: 'The user name is repeated. Please reset it',
    });
    expect(await reg({ phone: other.phone })).toMatchObject({ Code: '1017' });
    expect(await reg({ code: code === '000000' ? '111111' : '000000' })).toMatchObject({ Code: '1004' });
    // None of the refusals created an account.
    const { rows } = await h.t.db.query('SELECT 1 FROM users WHERE lower(user_name) = lower($1)', [good.username]);
    expect(rows).toEqual([]);
  });

  it('maps a unique-constraint race to the name or phone it hit', async () => {
    const u = await h.registerUser();
    const clash = async (userName: string, phone: string | null) =>
      insertUser(h.t.db, { userName, passwordHash: '!', phone, role: 'client' }, h.clock.now()).then(
        () => null,
        (e) => uniqueViolation(e),
      );
    expect(await clash(u.username.toUpperCase(), null)).toBe('userName');
    expect(await clash(h.newName(), u.phone)).toBe('phone');
  });

  it('locks a user name after 5 wrong passwords (1012 with retryAfterSec) until the window passes', async () => {
    const u = await h.registerUser();
    const wrong = { method: 'login', parameter: { userName: u.username, password: 'wrong1234' } };
    for (let i = 0; i < 5; i++) expect(await h.call(wrong, { address: `10.201.0.${i}` })).toMatchObject({ Code: '1001' });
    const locked = await h.call({ method: 'login', parameter: { userName: u.username, password: u.password } });
    expect(locked).toMatchObject({ Code: '1012' });
    expect(locked.retryAfterSec).toBeGreaterThan(0);
    expect(locked.retryAfterSec).toBeLessThanOrEqual(15 * 60);
    expect(await h.svc.authority.loginWithPassword(u.username, u.password, '10.201.1.1')).toBeNull();
    h.clock.advance(locked.retryAfterSec * 1000);
    expect(await h.call({ method: 'login', parameter: { userName: u.username, password: u.password } })).toMatchObject({ Code: '0001' });
    expect(await h.call({ method: 'login', parameter: { userName: 'nobody9', password: 'secret123' } })).toMatchObject({ Code: '1001' });
  });

  it('locks an address after many failures across user names', async () => {
    const address = '10.202.0.1';
    let last: Record<string, unknown> = {};
    for (let i = 0; i < 31; i++) last = await h.call({ method: 'login', parameter: { userName: `ghost${i}`, password: 'x1234567' } }, { address });
    expect(last).toMatchObject({ Code: '1012' });
    h.clock.advance(15 * 60_000);
  });

  it('serves the gateway: loginWithPassword and checkSession with inf5', async () => {
    const u = await h.registerUser();
    const su = await h.svc.authority.loginWithPassword(u.username, u.password, '10.203.0.1');
    expect(su).toMatchObject({ userName: u.username, inf5: '0' });
    expect(await h.svc.authority.checkSession(su!.sid)).toEqual(su);
    expect(await h.svc.authority.loginWithPassword(u.username, 'wrong1234', '10.203.0.1')).toBeNull();
    expect(await h.svc.authority.checkSession('f'.repeat(64))).toBeNull();
    expect(await h.svc.authority.checkSession('garbage')).toBeNull();
  });

  it('logout revokes the session and pushes logout on its channel', async () => {
    const u = await h.registerUser();
    h.published.length = 0;
    expect(await h.call({ method: 'logout', sid: u.sid })).toEqual({ Code: '0001' });
    expect(h.published).toEqual([
      { topic: `SYS.ATS.LOGIN.${u.sid}`, event: { topic: `SYS.ATS.LOGIN.${u.sid}`, method: 'logout', sid: u.sid } },
    ]);
    expect(await h.call({ method: 'userInfo', parameter: u.sid })).toMatchObject({ Code: '1009' });
    expect(await h.svc.authority.checkSession(u.sid)).toBeNull();
    expect(await h.call({ method: 'logout', sid: u.sid })).toEqual({ Code: '0001' }); // idempotent, no second push
    expect(h.published.length).toBe(1);
  });

  it('sessions expire 30 days after login', async () => {
    const u = await h.registerUser();
    h.clock.advance(SESSION_TTL_MS - 1000);
    expect(await h.call({ method: 'userInfo', parameter: u.sid })).toEqual({ Code: '0001' });
    h.clock.advance(1000);
    expect(await h.call({ method: 'userInfo', parameter: u.sid })).toMatchObject({ Code: '1009' });
    expect(await h.call({ method: 'realTimeUserInfo', userName: u.username, sid: u.sid })).toMatchObject({ Code: '1009' });
  });

  it('changePassword checks format, confirmation, sameness and the old password, then ends every session', async () => {
    const u = await h.registerUser();
    const second = await h.call({ method: 'login', parameter: { userName: u.username, password: u.password } });
    const change = (p: Record<string, unknown>) =>
      h.call({ method: 'changePassword', sid: u.sid, oldPassword: u.password, newPassword: 'newpass99', confirmPassword: 'newpass99', ...p });
    expect(await change({ newPassword: 'short', confirmPassword: 'short' })).toMatchObject({ Code: '1006' });
    expect(await change({ confirmPassword: 'newpass98' })).toMatchObject({ Code: '1007' });
    expect(await change({ newPassword: u.password, confirmPassword: u.password })).toMatchObject({ Code: '1008' });
    expect(await change({ oldPassword: 'notmine12' })).toMatchObject({ Code: '1010' });
    expect(await change({ sid: 'f'.repeat(64) })).toMatchObject({ Code: '1009' });
    h.published.length = 0;
    expect(await change({})).toEqual({ Code: '0001' });
    expect(h.published.map((p) => p.event.sid).sort()).toEqual([u.sid, second.sid].sort());
    expect(h.published.every((p) => p.event.method === 'logout' && p.topic === `SYS.ATS.LOGIN.${p.event.sid}`)).toBe(true);
    expect(await h.call({ method: 'userInfo', parameter: second.sid })).toMatchObject({ Code: '1009' });
    expect(await h.call({ method: 'login', parameter: { userName: u.username, password: u.password } })).toMatchObject({ Code: '1001' });
    expect(await h.call({ method: 'login', parameter: { userName: u.username, password: 'newpass99' } })).toMatchObject({ Code: '0001' });
  });

  it('logs in by SMS, registering an unknown number as u<phone>', async () => {
    const phone = h.newPhone();
    const address = '10.204.0.1';
    expect(await h.call({ method: 'sendSmsCode', phone: '1234', purpose: 'login' }, { address })).toMatchObject({ Code: '1003' });
    expect(await h.call({ method: 'sendSmsCode', phone, purpose: 'other' }, { address })).toMatchObject({ Code: '1002', field: 'purpose' });
    expect(await h.call({ method: 'sendSmsCode', phone, purpose: 'login' }, { address })).toMatchObject({ Code: '0001' });
    const again = await h.call({ method: 'sendSmsCode', phone, purpose: 'login' }, { address });
    expect(again).toMatchObject({ Code: '1012', retryAfterSec: 60 });
    const code = await h.lastSmsCode(phone);
    expect(await h.call({ method: 'loginBySms', phone, code: code === '000000' ? '111111' : '000000' }, { address })).toMatchObject({
      Code: '1004',
    });
    const first = await h.call({ method: 'loginBySms', phone, code }, { address });
    expect(first).toMatchObject({ Code: '0001', username: `u${phone}`, institution_shortname: '' });
    expect(await h.call({ method: 'loginBySms', phone, code }, { address })).toMatchObject({ Code: '1004' }); // single use

    h.clock.advance(61_000);
    await h.call({ method: 'sendSmsCode', phone, purpose: 'login' }, { address });
    const second = await h.call({ method: 'loginBySms', phone, code: await h.lastSmsCode(phone) }, { address });
    expect(second).toMatchObject({ Code: '0001', username: `u${phone}` });
    const info = await h.call({ method: 'realTimeUserInfo', userName: `u${phone}`, sid: second.sid });
    expect(info).toMatchObject({ Code: '0001', phone, profileComplete: false, inf5: '0' });
    // The SMS-created account has no password to log in with.
    expect(await h.svc.authority.loginWithPassword(`u${phone}`, 'anything1', address)).toBeNull();
  });

  it('refuses a register code for a phone that already has an account', async () => {
    const u = await h.registerUser();
    expect(await h.call({ method: 'sendSmsCode', phone: u.phone, purpose: 'register' }, { address: '10.205.0.1' })).toMatchObject({
      Code: '1017',
    });
  });

  it('ensureDemoUser creates a licensed, complete account and resets its password', async () => {
    await h.svc.ensureDemoUser('demo', 'demo1234');
    const login = await h.call({ method: 'login', parameter: { userName: 'demo', password: 'demo1234' } });
    expect(login).toMatchObject({ Code: '0001', username: 'demo' });
    const info = await h.call({ method: 'realTimeUserInfo', userName: 'demo', sid: login.sid });
    expect(info).toMatchObject({ inf5: '2', profileComplete: true });
    await h.svc.ensureDemoUser('demo', 'other5678');
    expect(await h.call({ method: 'login', parameter: { userName: 'demo', password: 'demo1234' } })).toMatchObject({ Code: '1001' });
    expect(await h.call({ method: 'login', parameter: { userName: 'demo', password: 'other5678' } })).toMatchObject({ Code: '0001' });
    expect(await h.call({ method: 'license', sid: login.sid })).toMatchObject({ Code: '0001', edition: 'licensed', inf5: '2', endDate: null });
  });
});
