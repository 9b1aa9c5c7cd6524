// ShareSvr on both backends, reached the way the gateway reaches it: a handler per method,
// content as JSON text, the caller only from ctx.user. Users are rows of the real users table.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RequestContext } from '../../contracts';
import { BACKENDS, openTestDatabase, type TestDatabase } from '../../storage/test-backends';
import { insertUser } from '../login/users';
import { ShareCode, ShareMethod } from '../../../src/kit/share/rules';
import { createShareHandlers, type ShareHandlers } from './index';

interface User {
  name: string;
  phone: string;
  inf5: string;
}

describe.each(BACKENDS)('ShareSvr on %s', (kind) => {
  let t: TestDatabase;
  let h: ShareHandlers;
  let clock = 1_700_000_000_000;
  let n = 0;
  const users: Record<'a' | 'b' | 'c' | 'free' | 'banned', User> = {} as never;

  async function addUser(inf5: string): Promise<User> {
    const i = ++n;
    const u = { name: `Share${i}x${process.pid}`, phone: `139${String(process.pid % 10000).padStart(4, '0')}${String(i).padStart(4, '0')}`, inf5 };
    await insertUser(t.db, { userName: u.name, passwordHash: 'x', phone: u.phone, role: 'bank' }, clock);
    return u;
  }

  // eslint-disable-next-line @typescript-eslint/no-explicit-any
  async function call(user: User | null, method: string, content: object | string): Promise<any> {
    const ctx: RequestContext = { sid: user ? `sid-${user.name}` : null, user: user ? { userName: user.name, sid: `sid-${user.name}`, inf5: user.inf5 } : null, connId: 1, remoteAddress: '127.0.0.1' };
    return h[method](typeof content === 'string' ? content : JSON.stringify(content), ctx);
  }

  async function save(user: User, body: Record<string, unknown>) {
    const r = await call(user, ShareMethod.save, { tool: 'optionCalculator', name: 'My USDCNY call', payload: { spot: 7.1, strike: 7.2 }, version: 1, ...body });
    return r;
  }

  beforeAll(async () => {
    t = await openTestDatabase(kind);
    h = createShareHandlers({ db: t.db, now: () => ++clock, freeItemCap: 2, log: () => {} });
    users.a = await addUser('2');
    users.b = await addUser('2');
    users.c = await addUser('1');
    users.free = await addUser('0');
    users.banned = await addUser('3');
  });
  afterAll(async () => {
    await t?.dispose();
  });

  it('saves an item with a random unguessable id and lists it for its owner only', async () => {
    const r1 = await save(users.a, {});
    const r2 = await save(users.a, { name: 'Second' });
    expect(r1.Code).toBe(ShareCode.ok);
    expect(r1.item.id).toMatch(/^[A-Za-z0-9_-]{22}$/);
    expect(r1.item.id).not.toBe(r2.item.id);
    expect(r1.item).toMatchObject({ tool: 'optionCalculator', name: 'My USDCNY call', version: 1, owner: users.a.name, linkToken: null, sharedWith: [] });
    const mine = await call(users.a, ShareMethod.list, { tool: 'optionCalculator' });
    expect(mine.items.map((i: { id: string }) => i.id)).toEqual(expect.arrayContaining([r1.item.id, r2.item.id]));
    expect((await call(users.b, ShareMethod.list, { tool: 'optionCalculator' })).items).toEqual([]);
    expect((await call(users.a, ShareMethod.list, { tool: 'structuredProducts' })).items).toEqual([]);
  });

  it('the owner updates their own item in place; the payload comes back as saved', async () => {
    const { item } = await save(users.a, {});
    const up = await save(users.a, { id: item.id, name: 'Renamed by save', payload: { spot: 7.3, legs: [1, 2] }, version: 2 });
    expect(up.item).toMatchObject({ id: item.id, name: 'Renamed by save', version: 2 });
    const got = await call(users.a, ShareMethod.get, { ref: item.id });
    expect(got.item).toMatchObject({ id: item.id, payload: { spot: 7.3, legs: [1, 2] }, access: 'owner', version: 2 });
  });

  it('another user cannot read, rename, delete, update, re-share or link an item that was not shared with them', async () => {
    const { item } = await save(users.a, { name: 'Private' });
    expect(await call(users.b, ShareMethod.get, { ref: item.id })).toMatchObject({ Code: ShareCode.notShared });
    expect(await call(users.b, ShareMethod.rename, { id: item.id, name: 'Hijacked' })).toMatchObject({ Code: ShareCode.notFound });
    expect(await call(users.b, ShareMethod.delete, { id: item.id })).toMatchObject({ Code: ShareCode.notFound });
    expect(await save(users.b, { id: item.id, name: 'Overwritten', payload: { evil: true } })).toMatchObject({ Code: ShareCode.notFound });
    expect(await call(users.b, ShareMethod.shareToUser, { id: item.id, target: users.c.name })).toMatchObject({ Code: ShareCode.notFound });
    expect(await call(users.b, ShareMethod.shareLink, { id: item.id })).toMatchObject({ Code: ShareCode.notFound });
    expect(await call(users.b, ShareMethod.revokeLink, { id: item.id })).toMatchObject({ Code: ShareCode.notFound });
    expect((await call(users.b, ShareMethod.sharedWithMe, {})).items.map((i: { id: string }) => i.id)).not.toContain(item.id);
    // nothing changed
    const got = await call(users.a, ShareMethod.get, { ref: item.id });
    expect(got.item).toMatchObject({ name: 'Private', payload: { spot: 7.1, strike: 7.2 }, linkToken: null, sharedWith: [] });
  });

  it('guessed or malformed ids find nothing', async () => {
    for (const ref of ['AAAAAAAAAAAAAAAAAAAAAA', 'zzzzzzzzzzzzzzzzzzzzzz', '1', "' OR 1=1 --", '../etc/passwd']) {
      expect(await call(users.c, ShareMethod.get, { ref })).toMatchObject({ Code: ShareCode.notFound });
    }
    expect(await call(users.c, ShareMethod.get, {})).toMatchObject({ Code: ShareCode.badRequest, field: 'ref' });
  });

  it('shares to a user by name (any letter case) or mobile; unknown targets: "does not exist, please re-enter"', async () => {
    const { item } = await save(users.a, { name: 'For B' });
    expect(await call(users.a, ShareMethod.shareToUser, { id: item.id, target: 'nobody-here' })).toMatchObject({ Code: ShareCode.targetMissing, msg: 'does not exist, please re-enter', field: 'target' });
    expect(await call(users.a, ShareMethod.shareToUser, { id: item.id, target: '13900000000' })).toMatchObject({ Code: ShareCode.targetMissing });
    expect(await call(users.a, ShareMethod.shareToUser, { id: item.id, target: '  ' })).toMatchObject({ Code: ShareCode.targetMissing });
    expect(await call(users.a, ShareMethod.shareToUser, { id: item.id, target: users.a.name })).toMatchObject({ Code: ShareCode.selfShare });
    const byName = await call(users.a, ShareMethod.shareToUser, { id: item.id, target: users.b.name.toUpperCase() });
    expect(byName).toMatchObject({ Code: ShareCode.ok, sharedWith: [users.b.name.toUpperCase()] });
    const byPhone = await call(users.a, ShareMethod.shareToUser, { id: item.id, target: users.c.phone });
    expect(byPhone.sharedWith).toEqual([users.b.name.toUpperCase(), users.c.phone]);

    const got = await call(users.b, ShareMethod.get, { ref: item.id });
    expect(got.item).toMatchObject({ id: item.id, access: 'grant', owner: users.a.name, payload: { spot: 7.1, strike: 7.2 } });
    expect(got.item.linkToken).toBeUndefined(); // owner-only fields stay with the owner
    expect(got.item.sharedWith).toBeUndefined();
    const withMe = await call(users.b, ShareMethod.sharedWithMe, { tool: 'optionCalculator' });
    expect(withMe.items.map((i: { id: string; owner: string }) => [i.id, i.owner])).toContainEqual([item.id, users.a.name]);

    // a grantee reads only: no rename, delete, re-share or link
    expect(await call(users.b, ShareMethod.rename, { id: item.id, name: 'x' })).toMatchObject({ Code: ShareCode.notFound });
    expect(await call(users.b, ShareMethod.delete, { id: item.id })).toMatchObject({ Code: ShareCode.notFound });
    expect(await call(users.b, ShareMethod.shareToUser, { id: item.id, target: users.free.name })).toMatchObject({ Code: ShareCode.notFound });
    expect(await call(users.b, ShareMethod.shareLink, { id: item.id })).toMatchObject({ Code: ShareCode.notFound });
    expect(await call(users.free, ShareMethod.get, { ref: item.id })).toMatchObject({ Code: ShareCode.notShared });
  });

  it('guessing share targets is throttled: after 30 unknown targets in an hour a user waits; others are unaffected', async () => {
    const u = await addUser('2');
    const { item } = await save(u, { name: 'Probe' });
    for (let i = 0; i < 30; i++) expect((await call(u, ShareMethod.shareToUser, { id: item.id, target: `ghost${i}` })).Code).toBe(ShareCode.targetMissing);
    expect(await call(u, ShareMethod.shareToUser, { id: item.id, target: 'ghost-more' })).toMatchObject({ Code: ShareCode.tooManyAttempts, field: 'target' });
    expect((await call(u, ShareMethod.shareToUser, { id: item.id, target: users.b.name })).Code).toBe(ShareCode.tooManyAttempts);
    expect((await call(users.a, ShareMethod.shareToUser, { id: (await save(users.a, {})).item.id, target: users.b.name })).Code).toBe(ShareCode.ok); // others unaffected
    clock += 3_600_000;
    expect((await call(u, ShareMethod.shareToUser, { id: item.id, target: users.b.name })).Code).toBe(ShareCode.ok);
  });

  it('withdrawing a share, leaving one, and deleting an item all end the grantee\'s access', async () => {
    const { item } = await save(users.a, { name: 'Temporary' });
    await call(users.a, ShareMethod.shareToUser, { id: item.id, target: users.b.name });
    await call(users.a, ShareMethod.shareToUser, { id: item.id, target: users.c.name });
    expect(await call(users.a, ShareMethod.unshare, { id: item.id, target: users.b.phone })).toMatchObject({ Code: ShareCode.ok, sharedWith: [users.c.name] });
    expect(await call(users.b, ShareMethod.get, { ref: item.id })).toMatchObject({ Code: ShareCode.notShared });
    expect(await call(users.c, ShareMethod.unshare, { id: item.id })).toMatchObject({ Code: ShareCode.ok });
    expect(await call(users.c, ShareMethod.get, { ref: item.id })).toMatchObject({ Code: ShareCode.notShared });
    await call(users.a, ShareMethod.shareToUser, { id: item.id, target: users.b.name });
    expect(await call(users.a, ShareMethod.delete, { id: item.id })).toMatchObject({ Code: ShareCode.ok });
    expect(await call(users.b, ShareMethod.get, { ref: item.id })).toMatchObject({ Code: ShareCode.notFound });
    expect((await call(users.b, ShareMethod.sharedWithMe, {})).items.map((i: { id: string }) => i.id)).not.toContain(item.id);
    expect(await call(users.a, ShareMethod.delete, { id: item.id })).toMatchObject({ Code: ShareCode.notFound });
  });

  it('a link token (not the id) lets anyone signed in read; revoking it ends that, a new link gets a new token', async () => {
    const { item } = await save(users.a, { name: 'Linked' });
    const link = await call(users.a, ShareMethod.shareLink, { id: item.id });
    expect(link.token).toMatch(/^[A-Za-z0-9_-]{22}$/);
    expect(link.token).not.toBe(item.id);
    expect((await call(users.a, ShareMethod.shareLink, { id: item.id })).token).toBe(link.token);
    expect(await call(users.c, ShareMethod.get, { ref: item.id })).toMatchObject({ Code: ShareCode.notShared }); // the id alone grants nothing
    const viaLink = await call(users.c, ShareMethod.get, { ref: link.token, tool: 'optionCalculator' });
    expect(viaLink.item).toMatchObject({ id: item.id, access: 'link', payload: { spot: 7.1, strike: 7.2 } });
    expect(viaLink.item.linkToken).toBeUndefined();
    // a token names an item for reading only
    expect(await call(users.c, ShareMethod.rename, { id: link.token, name: 'x' })).toMatchObject({ Code: ShareCode.notFound });
    expect(await call(users.c, ShareMethod.delete, { id: link.token })).toMatchObject({ Code: ShareCode.notFound });
    // a link for one tool never opens in another
    expect(await call(users.c, ShareMethod.get, { ref: link.token, tool: 'structuredProducts' })).toMatchObject({ Code: ShareCode.notFound });
    expect(await call(null, ShareMethod.get, { ref: link.token })).toMatchObject({ Code: ShareCode.sessionInvalid });

    expect(await call(users.c, ShareMethod.revokeLink, { id: item.id })).toMatchObject({ Code: ShareCode.notFound });
    expect(await call(users.a, ShareMethod.revokeLink, { id: item.id })).toMatchObject({ Code: ShareCode.ok });
    expect(await call(users.c, ShareMethod.get, { ref: link.token })).toMatchObject({ Code: ShareCode.notFound });
    const again = await call(users.a, ShareMethod.shareLink, { id: item.id });
    expect(again.token).not.toBe(link.token);
  });

  it('structured product packages: letters only, unique per owner ignoring case ("Package name exists")', async () => {
    const pkg = (user: User, name: string, id?: string) => call(user, ShareMethod.save, { tool: 'structuredProducts', name, payload: { legs: [] }, ...(id ? { id } : {}) });
    expect(await pkg(users.a, 'Snowball1')).toMatchObject({ Code: ShareCode.nameInvalid, key: 'translation:errors.packageNameLetters', field: 'name' });
    expect(await pkg(users.a, '雪球')).toMatchObject({ Code: ShareCode.nameInvalid });
    const first = await pkg(users.a, 'Snowball');
    expect(first.Code).toBe(ShareCode.ok);
    expect(await pkg(users.a, 'SNOWBALL')).toMatchObject({ Code: ShareCode.nameExists, key: 'translation:errors.packageNameExists' });
    expect((await pkg(users.b, 'Snowball')).Code).toBe(ShareCode.ok); // another owner may
    const second = await pkg(users.a, 'Layers');
    expect(await call(users.a, ShareMethod.rename, { id: second.item.id, name: 'snowball' })).toMatchObject({ Code: ShareCode.nameExists });
    expect(await call(users.a, ShareMethod.rename, { id: second.item.id, name: 'Lay ers' })).toMatchObject({ Code: ShareCode.nameInvalid });
    expect((await call(users.a, ShareMethod.rename, { id: second.item.id, name: 'Accumulator' })).item.name).toBe('Accumulator');
    expect((await pkg(users.a, 'Snowball', first.item.id)).Code).toBe(ShareCode.ok); // saving under its own name
    // tools without the rule accept any sensible name, repeated
    expect((await save(users.a, { name: 'Same' })).Code).toBe(ShareCode.ok);
    expect((await save(users.a, { name: 'Same' })).Code).toBe(ShareCode.ok);
    expect(await save(users.a, { name: '' })).toMatchObject({ Code: ShareCode.nameInvalid, key: 'share:errors.nameRequired' });
    expect(await save(users.a, { name: 'x'.repeat(65) })).toMatchObject({ Code: ShareCode.nameInvalid, key: 'share:errors.nameInvalid' });
  });

  it('the spread monitor resolves a shared item by name, with the same access checks', async () => {
    const spread = await call(users.a, ShareMethod.save, { tool: 'exchangeSpread', name: 'CNH basis', payload: { terms: ['1M', '3M'] } });
    expect(await call(users.b, ShareMethod.get, { tool: 'exchangeSpread', name: 'CNH basis' })).toMatchObject({ Code: ShareCode.notShared });
    await call(users.a, ShareMethod.shareToUser, { id: spread.item.id, target: users.b.name });
    const got = await call(users.b, ShareMethod.get, { tool: 'exchangeSpread', name: ' cnh BASIS ' });
    expect(got.item).toMatchObject({ id: spread.item.id, access: 'grant', payload: { terms: ['1M', '3M'] } });
    expect(await call(users.c, ShareMethod.get, { tool: 'exchangeSpread', name: 'CNH basis' })).toMatchObject({ Code: ShareCode.notShared });
    expect((await call(users.a, ShareMethod.get, { tool: 'exchangeSpread', name: 'CNH basis' })).item.access).toBe('owner');
    // a link token for the item does not make its name readable by anyone
    await call(users.a, ShareMethod.shareLink, { id: spread.item.id });
    expect(await call(users.c, ShareMethod.get, { tool: 'exchangeSpread', name: 'CNH basis' })).toMatchObject({ Code: ShareCode.notShared });
  });

  it('free version: at most the cap of new items per tool, updates still allowed; licensed users unlimited; forbidden users cannot save', async () => {
    const a = await save(users.free, { name: 'One' });
    await save(users.free, { name: 'Two' });
    expect(await save(users.free, { name: 'Three' })).toMatchObject({ Code: ShareCode.freeLimit, limit: 2 });
    expect((await save(users.free, { id: a.item.id, name: 'One again' })).Code).toBe(ShareCode.ok);
    expect((await call(users.free, ShareMethod.save, { tool: 'irsCal', name: 'Other tool', payload: {} })).Code).toBe(ShareCode.ok);
    await call(users.free, ShareMethod.delete, { id: a.item.id });
    expect((await save(users.free, { name: 'Three' })).Code).toBe(ShareCode.ok);
    for (let i = 0; i < 3; i++) expect((await save(users.c, { name: `Trial ${i}` })).Code).toBe(ShareCode.ok);
    expect(await save(users.banned, {})).toMatchObject({ Code: ShareCode.forbidden });
  });

  it('concurrent creates cannot pass the free cap', async () => {
    const u = await addUser('0');
    const replies = await Promise.all([1, 2, 3, 4].map((i) => save(u, { name: `Race ${i}` })));
    expect(replies.filter((r) => r.Code === ShareCode.ok)).toHaveLength(2);
    expect(replies.filter((r) => r.Code === ShareCode.freeLimit)).toHaveLength(2);
  });

  it('refuses oversize payloads, bad content and calls without a session', async () => {
    expect(await save(users.a, { payload: { blob: 'x'.repeat(300 * 1024) } })).toMatchObject({ Code: ShareCode.tooLarge, limit: 256 * 1024 });
    expect(await save(users.a, { payload: undefined })).toMatchObject({ Code: ShareCode.badRequest, field: 'payload' });
    expect(await save(users.a, { tool: 'no/such' })).toMatchObject({ Code: ShareCode.badRequest, field: 'tool' });
    expect(await save(users.a, { version: 0 })).toMatchObject({ Code: ShareCode.badRequest, field: 'version' });
    expect(await call(users.a, ShareMethod.list, '{not json')).toMatchObject({ Code: ShareCode.badRequest });
    expect(await call(users.a, ShareMethod.list, '[]')).toMatchObject({ Code: ShareCode.badRequest });
    expect(await call(null, ShareMethod.list, {})).toMatchObject({ Code: ShareCode.sessionInvalid });
    expect(await call({ name: 'ghost', phone: '', inf5: '2' }, ShareMethod.list, {})).toMatchObject({ Code: ShareCode.sessionInvalid });
  });
});
