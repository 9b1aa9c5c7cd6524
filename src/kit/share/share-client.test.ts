import { beforeEach, describe, expect, it, vi } from 'vitest';
import { guardRoute } from '../../app/route-guard';
import { installMemoryStorage, type MemoryStorage } from '../../session/testing/memory-storage';
import { StorageKey } from '../../session/storage-keys';
import { createShareApi, ShareError } from './api';
import { claimShareTip, clearPendingShare, itemLink, pendingShare, publicLink, SHARE_PARAM_KEY } from './links';
import { shareErrorMessage } from './messages';
import { checkName, SHARE_RULES, SHARE_SERVER, ShareCode, ShareMethod, toolOfParam, type ShareParam } from './rules';

let store: MemoryStorage;
beforeEach(() => {
  store = installMemoryStorage();
});

describe('createShareApi', () => {
  it('sends each call to ShareSvr and returns the reply fields', async () => {
    const request = vi.fn(async (_s: string, method: string) =>
      method === ShareMethod.shareLink ? { Code: '0000', token: 'T'.repeat(22) } : { Code: '0000', items: [{ id: 'a' }] },
    );
    const api = createShareApi(request);
    expect(await api.list('optionCalculator')).toEqual([{ id: 'a' }]);
    expect(request).toHaveBeenLastCalledWith(SHARE_SERVER, ShareMethod.list, { tool: 'optionCalculator' });
    expect(await api.shareLink('x')).toBe('T'.repeat(22));
    await api.get('r'.repeat(22), 'optionCalculator');
    expect(request).toHaveBeenLastCalledWith(SHARE_SERVER, ShareMethod.get, { ref: 'r'.repeat(22), tool: 'optionCalculator' });
    await api.getByName('exchangeSpread', 'CNH');
    expect(request).toHaveBeenLastCalledWith(SHARE_SERVER, ShareMethod.get, { tool: 'exchangeSpread', name: 'CNH' });
  });

  it('a failure Code becomes a ShareError with the server\'s field, key and limit; no reply becomes "network"', async () => {
    const api = createShareApi(async () => ({ Code: '3003', msg: 'The name exists', field: 'name', key: 'translation:errors.packageNameExists' }));
    await expect(api.save({ tool: 'structuredProducts', name: 'A', payload: {} })).rejects.toMatchObject({
      code: '3003', detail: { field: 'name', key: 'translation:errors.packageNameExists' },
    });
    const down = createShareApi(async () => { throw Object.assign(new Error('no reply within 15000 ms'), { code: 'timeout' }); });
    await expect(down.list()).rejects.toMatchObject({ code: 'network' });
    const odd = createShareApi(async () => ({ Code: 0 }));
    await expect(odd.list()).rejects.toBeInstanceOf(ShareError);
  });
});

describe('shareErrorMessage: the SPEC wording', () => {
  const err = (code: string, detail = {}) => new ShareError(code, 'x', detail);
  it('unknown share target: "does not exist, please re-enter", on the target field', () => {
    expect(shareErrorMessage(err(ShareCode.targetMissing), 'share')).toEqual({ key: 'translation:errors.shareTargetMissing', field: 'target' });
  });
  it('package names: the key the rule gave ("Package name exists", letters only)', () => {
    expect(shareErrorMessage(err(ShareCode.nameExists, { key: 'translation:errors.packageNameExists' }), 'save')).toMatchObject({ key: 'translation:errors.packageNameExists', field: 'name' });
    expect(shareErrorMessage(err(ShareCode.nameInvalid, { key: 'translation:errors.packageNameLetters' }), 'save').key).toBe('translation:errors.packageNameLetters');
  });
  it('free version: the maximum-new-data prompt and whom to contact', () => {
    expect(shareErrorMessage(err(ShareCode.freeLimit, { limit: 5 }), 'save')).toEqual({ key: 'translation:errors.freeMaxNewData', hintKey: 'translation:gate.contact', values: { limit: 5 } });
  });
  it('anything else: "save failure" when saving, "share failure" when sharing', () => {
    expect(shareErrorMessage(err(ShareCode.serverError), 'save').key).toBe('translation:errors.saveFailed');
    expect(shareErrorMessage(err(ShareCode.serverError), 'share').key).toBe('translation:errors.shareFailed');
    expect(shareErrorMessage(err('network'), 'share')).toEqual({ key: 'translation:errors.shareFailed', hintKey: 'share:errors.network' });
    expect(shareErrorMessage(new Error('boom'), 'save').key).toBe('translation:errors.saveFailed');
  });
  it('throttled unknown targets: when to try again, on the target field', () => {
    expect(shareErrorMessage(err(ShareCode.tooManyAttempts, { retryAfterSec: 1500 }), 'share')).toEqual({ key: 'share:errors.tooMany', values: { minutes: 25 }, field: 'target' });
  });
  it('opening: "not found" and "not shared with you" apart', () => {
    expect(shareErrorMessage(err(ShareCode.notFound), 'load').key).toBe('share:errors.notFound');
    expect(shareErrorMessage(err(ShareCode.notShared), 'load').key).toBe('share:errors.notShared');
  });
});

describe('zh/en strings', () => {
  it('the share namespace has the same keys in both languages', async () => {
    const i18next = (await import('i18next')).default;
    if (!i18next.isInitialized) await i18next.init({ lng: 'zh', resources: {} });
    const { shareStrings } = await import('./i18n');
    const { keyPaths } = await import('../i18n');
    expect(keyPaths(shareStrings.en)).toEqual(keyPaths(shareStrings.zh));
  });
});

describe('checkName', () => {
  it('trims, refuses empty, long and control characters, then applies the tool rule', () => {
    expect(checkName('optionCalculator', '  My call ')).toEqual({ ok: true, name: 'My call' });
    expect(checkName('optionCalculator', '   ')).toEqual({ ok: false, key: 'share:errors.nameRequired' });
    expect(checkName('optionCalculator', 'a\u0007b')).toEqual({ ok: false, key: 'share:errors.nameInvalid' });
    expect(checkName('structuredProducts', 'Snow ball')).toEqual({ ok: false, key: 'translation:errors.packageNameLetters' });
    expect(checkName('structuredProducts', 'Snowball')).toEqual({ ok: true, name: 'Snowball' });
  });
});

describe('share links and the route guard', () => {
  const params = Object.keys(SHARE_PARAM_KEY) as ShareParam[];

  it('each SPEC share parameter is stored by the route guard under the key useSharedItem reads, for the tool that owns it', () => {
    for (const param of params) {
      const tool = toolOfParam(param)!;
      expect(tool, param).toBeTruthy();
      const r = guardRoute({ path: `/${tool}`, query: { [param]: 'VALUE' }, storage: { sid: 's', loginTime: String(Date.now()) }, now: Date.now(), linkTypes: [] });
      expect(r.writes).toContainEqual({ key: SHARE_PARAM_KEY[param], value: 'VALUE' });
      expect(r.writes).toContainEqual({ key: StorageKey.lastPath, value: tool });
      for (const w of r.writes) store.setItem(w.key, w.value ?? '');
      expect(pendingShare(tool)).toMatchObject({ value: 'VALUE', by: SHARE_RULES[tool].link!.by });
    }
  });

  it('builds the links: by id (or token) for ref tools, by name for the spread monitor', () => {
    const id = 'a'.repeat(22);
    expect(itemLink('optionCalculator', { id, name: 'x' }, { base: 'https://desk' })).toBe(`https://desk/optionCalculator?id=${id}`);
    expect(itemLink('forexFarSwapCalculator', { id, name: 'x' }, { base: 'https://desk' })).toBe(`https://desk/forexFarSwapCalculator?ffsc=${id}`);
    expect(itemLink('structuredProducts', { id, name: 'x' }, { base: 'https://desk' })).toBe(`https://desk/structuredProducts?structureId=${id}`);
    expect(itemLink('exchangeSpread', { id, name: 'CNH 1M&3M' }, { base: 'https://desk' })).toBe('https://desk/exchangeSpread?exchangeSpreadShare=CNH%201M%263M');
    expect(publicLink('optionCalculator', 'T'.repeat(22), { base: 'https://desk' })).toBe(`https://desk/optionCalculator?id=${'T'.repeat(22)}`);
    expect(publicLink('exchangeSpread', 'T'.repeat(22))).toBeNull();
    expect(itemLink('optionCalculator', { id, name: 'x' }, { base: 'https://desk', route: 'test' })).toBe(`https://desk/test?id=${id}`);
    expect(itemLink('irsCal', { id, name: 'x' })).toBeNull();
  });

  it('clears only the value it handled; a newer link stays', () => {
    store.setItem(StorageKey.ShareQueryID, 'new');
    clearPendingShare('optionCalculator', 'old');
    expect(store.getItem(StorageKey.ShareQueryID)).toBe('new');
    clearPendingShare('optionCalculator', 'new');
    expect(store.getItem(StorageKey.ShareQueryID)).toBeNull();
  });

  it('the share tip shows once per kind (SPEC keys), not for tools without one', () => {
    expect(claimShareTip('optionCalculator')).toBe(true);
    expect(claimShareTip('optionCalculator')).toBe(false);
    expect(store.getItem('OptionCalcShareTip')).toBe('1');
    expect(claimShareTip('structuredProducts')).toBe(true);
    expect(claimShareTip('exchangeSpread')).toBe(true);
    expect(store.getItem('ExchangeSpreadSharedTip')).toBe('1');
    expect(claimShareTip('forexFarSwapCalculator')).toBe(false);
  });
});
