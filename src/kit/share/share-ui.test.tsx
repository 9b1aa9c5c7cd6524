// @vitest-environment jsdom
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { act, cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { ChakraProvider, defaultSystem } from '@chakra-ui/react';
import { MemoryRouter } from 'react-router-dom';
import type { ReactNode } from 'react';
import { z } from 'zod';
import { initI18n } from '../../i18n';
import i18next from 'i18next';
import { StorageKey } from '../../session/storage-keys';
import { ShareError, type ShareApi, type SharedItem } from './api';
import { ShareApiProvider, useSharedItem, type SharedItemState } from './hooks';
import { ShareCode } from './rules';

// defineStrings (kit i18n) needs an initialised i18next: the dialog module is loaded after it.
let ShareDialog: typeof import('./ShareDialog').ShareDialog;

beforeAll(async () => {
  // Chakra's dialog measures and animates; jsdom lacks these.
  window.matchMedia ??= ((q: string) => ({ matches: false, media: q, addEventListener() {}, removeEventListener() {}, addListener() {}, removeListener() {}, onchange: null, dispatchEvent: () => false })) as never;
  globalThis.ResizeObserver ??= class { observe() {} unobserve() {} disconnect() {} } as never;
  Element.prototype.scrollTo ??= () => {};
  await initI18n('en');
  ({ ShareDialog } = await import('./ShareDialog'));
});
beforeEach(() => localStorage.clear());
afterEach(() => cleanup());

function fakeApi(over: Partial<ShareApi> = {}): ShareApi {
  const no = () => Promise.reject(new Error('not in this test'));
  return { save: no, list: async () => [], sharedWithMe: async () => [], get: no, getByName: no, rename: no, remove: no, shareToUser: no, unshare: no, shareLink: no, revokeLink: no, ...over } as ShareApi;
}

function wrap(api: ShareApi, children: ReactNode, path = '/') {
  return (
    <ChakraProvider value={defaultSystem}>
      <MemoryRouter initialEntries={[path]}>
        <ShareApiProvider api={api}>{children}</ShareApiProvider>
      </MemoryRouter>
    </ChakraProvider>
  );
}

const ITEM = { id: 'i'.repeat(22), tool: 'optionCalculator', name: 'USDCNY 3M', version: 1, owner: 'alice', createdAt: 1, updatedAt: 1 };

describe('useSharedItem', () => {
  let seen: SharedItemState<unknown> | null = null;
  const onItem = vi.fn();
  function Probe({ tool, spec }: { tool: string; spec?: Parameters<typeof useSharedItem>[1]['spec'] }) {
    seen = useSharedItem(tool, { onItem, spec });
    return <span data-testid="status">{seen.status}</span>;
  }
  beforeEach(() => {
    onItem.mockReset();
    seen = null;
  });

  it('reads the stored share id once, fetches it for this tool, hands over the payload, clears the id, shows the tip once', async () => {
    localStorage.setItem(StorageKey.ShareQueryID, 'tok');
    const get = vi.fn(async () => ({ ...ITEM, payload: { spot: 7.1 }, access: 'link' }) as SharedItem<never>);
    const view = render(wrap(fakeApi({ get }), <Probe tool="optionCalculator" />, '/optionCalculator'));
    await waitFor(() => expect(screen.getByTestId('status').textContent).toBe('loaded'));
    expect(get).toHaveBeenCalledWith('tok', 'optionCalculator');
    expect(onItem).toHaveBeenCalledWith({ spot: 7.1 }, expect.objectContaining({ name: 'USDCNY 3M', access: 'link' }));
    expect(localStorage.getItem(StorageKey.ShareQueryID)).toBeNull();
    expect(seen!.tip).toBe(true);
    expect(localStorage.getItem(StorageKey.OptionCalcShareTip)).toBe('1');
    view.unmount();
    // a second shared item of this kind: no tip again
    localStorage.setItem(StorageKey.ShareQueryID, 'tok2');
    render(wrap(fakeApi({ get }), <Probe tool="optionCalculator" />, '/optionCalculator'));
    await waitFor(() => expect(onItem).toHaveBeenCalledTimes(2));
    expect(seen!.tip).toBe(false);
    expect(get).toHaveBeenCalledTimes(2);
  });

  it('"not shared with you" and "not found" are reported and the stored id is cleared', async () => {
    localStorage.setItem(StorageKey.ShareFfscID, 'x');
    const get = vi.fn(async () => { throw new ShareError(ShareCode.notShared, 'This item was not shared with you'); });
    render(wrap(fakeApi({ get }), <Probe tool="forexFarSwapCalculator" />, '/forexFarSwapCalculator'));
    await waitFor(() => expect(seen!.status).toBe('notShared'));
    expect(seen!.message).toEqual({ key: 'share:errors.notShared' });
    expect(localStorage.getItem(StorageKey.ShareFfscID)).toBeNull();
    expect(onItem).not.toHaveBeenCalled();
  });

  it('a network failure keeps the stored id so the link opens once the server is back', async () => {
    localStorage.setItem(StorageKey.ShareStructureID, 'x');
    let up = false;
    const get = vi.fn(async () => {
      if (!up) throw new ShareError('network', 'timeout');
      return { ...ITEM, tool: 'structuredProducts', payload: { legs: [] }, access: 'grant' } as SharedItem<never>;
    });
    render(wrap(fakeApi({ get }), <Probe tool="structuredProducts" />, '/structuredProducts'));
    await waitFor(() => expect(seen!.status).toBe('failed'));
    expect(localStorage.getItem(StorageKey.ShareStructureID)).toBe('x');
    up = true;
    act(() => void window.dispatchEvent(new CustomEvent('socketStatus', { detail: { status: 'open' } })));
    await waitFor(() => expect(seen!.status).toBe('loaded'));
    expect(localStorage.getItem(StorageKey.ShareStructureID)).toBeNull();
  });

  it('the spread monitor resolves the stored name; the payload is validated by the tool\'s schema', async () => {
    localStorage.setItem(StorageKey.exchangeSpreadShareName, 'CNH basis');
    const getByName = vi.fn(async () => ({ ...ITEM, tool: 'exchangeSpread', payload: { terms: ['1M', 'bad'], pair: 'USDCNH' }, access: 'grant' }) as SharedItem<never>);
    const spec = { version: 1, schema: z.object({ terms: z.array(z.enum(['1M', '3M'])), pair: z.string() }), defaults: { terms: ['1M'], pair: 'USDCNY' } };
    render(wrap(fakeApi({ getByName }), <Probe tool="exchangeSpread" spec={spec as never} />, '/exchangeSpread'));
    await waitFor(() => expect(seen!.status).toBe('loaded'));
    expect(getByName).toHaveBeenCalledWith('exchangeSpread', 'CNH basis');
    expect(onItem.mock.calls[0][0]).toEqual({ terms: ['1M'], pair: 'USDCNH' }); // bad field salvaged to its default
  });

  it('does nothing when no link is waiting, or while another route is active (a background tab)', async () => {
    const get = vi.fn();
    render(wrap(fakeApi({ get }), <Probe tool="optionCalculator" />, '/optionCalculator'));
    await new Promise((r) => setTimeout(r, 20));
    expect(get).not.toHaveBeenCalled();
    expect(seen!.status).toBe('idle');
    cleanup();
    localStorage.setItem(StorageKey.ShareQueryID, 'tok');
    render(wrap(fakeApi({ get }), <Probe tool="optionCalculator" />, '/irsCal'));
    await new Promise((r) => setTimeout(r, 20));
    expect(get).not.toHaveBeenCalled();
    expect(localStorage.getItem(StorageKey.ShareQueryID)).toBe('tok');
  });
});

describe('ShareDialog', () => {
  const mine = { ...ITEM, linkToken: null, sharedWith: [] as string[] };

  for (const lang of ['en', 'zh'] as const) {
    it(`an unknown target shows "does not exist, please re-enter" on the field (${lang})`, async () => {
      await i18next.changeLanguage(lang);
      const shareToUser = vi.fn(async (_id: string, target: string) => {
        if (target === 'bob') return ['bob'];
        throw new ShareError(ShareCode.targetMissing, 'does not exist, please re-enter', { field: 'target' });
      });
      render(wrap(fakeApi({ shareToUser }), <ShareDialog tool="optionCalculator" item={mine} open onClose={() => {}} />));
      const input = await screen.findByTestId('share-target');
      fireEvent.change(input, { target: { value: 'nobody' } });
      fireEvent.click(screen.getByTestId('share-to-user'));
      const alert = await screen.findByTestId('share-target-error');
      expect(alert.getAttribute('role')).toBe('alert');
      expect(alert.textContent).toBe(lang === 'en' ? 'The user name or mobile number does not exist, please re-enter' : '该用户名或手机号不存在，请重新输入');
      expect((input as HTMLInputElement).value).toBe('nobody'); // what was typed stays
      fireEvent.change(input, { target: { value: 'bob' } });
      fireEvent.keyDown(input, { key: 'Enter' });
      await waitFor(() => expect(screen.getByTestId('shared-with').textContent).toContain('bob'));
      expect(screen.queryByTestId('share-target-error')).toBeNull();
    });
  }

  it('copies the item link and creates, then revokes, a public link; a server fault says "share failure"', async () => {
    await i18next.changeLanguage('en');
    const writeText = vi.fn(async () => {});
    Object.defineProperty(navigator, 'clipboard', { value: { writeText }, configurable: true });
    let fail = false;
    const shareLink = vi.fn(async () => { if (fail) throw new ShareError(ShareCode.serverError, 'x'); return 'T'.repeat(22); });
    const revokeLink = vi.fn(async () => {});
    render(wrap(fakeApi({ shareLink, revokeLink }), <ShareDialog tool="optionCalculator" item={mine} open onClose={() => {}} />));
    const link = (await screen.findByTestId('share-item-link')) as HTMLInputElement;
    expect(link.value).toBe(`${location.origin}/optionCalculator?id=${mine.id}`);
    fireEvent.click(screen.getByTestId('share-item-link-copy'));
    await waitFor(() => expect(writeText).toHaveBeenCalledWith(link.value));
    fireEvent.click(screen.getByTestId('share-create-link'));
    const pub = (await screen.findByTestId('share-public-link')) as HTMLInputElement;
    expect(pub.value).toBe(`${location.origin}/optionCalculator?id=${'T'.repeat(22)}`);
    fireEvent.click(screen.getByTestId('share-revoke-link'));
    await waitFor(() => expect(screen.queryByTestId('share-public-link')).toBeNull());
    fail = true;
    fireEvent.click(screen.getByTestId('share-create-link'));
    expect((await screen.findByTestId('share-error')).textContent).toBe('Share failed');
  });
});
