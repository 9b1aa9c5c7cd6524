// @vitest-environment jsdom
// The packages panel against a fake share service: a new package is saved with its name and
// version; the open one is saved again as the next version; the service's refusals come back
// in SPEC wording ("Package name exists", the free-version maximum); an invalid definition is
// not sent at all.
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { ChakraProvider, defaultSystem } from '@chakra-ui/react';
import { MemoryRouter } from 'react-router-dom';
import { initI18n } from '../../i18n';
import { ShareApiProvider, ShareCode, ShareError, useSavedItems, type ShareApi, type SharedItemMeta } from '../../kit/share';
import type { PackagesPanelProps } from './PackagesPanel';

let PackagesPanel: typeof import('./PackagesPanel').PackagesPanel;
beforeAll(async () => {
  window.matchMedia ??= ((q: string) => ({ matches: false, media: q, addEventListener() {}, removeEventListener() {}, addListener() {}, removeListener() {}, onchange: null, dispatchEvent: () => false })) as never;
  globalThis.ResizeObserver ??= class { observe() {} unobserve() {} disconnect() {} } as never;
  await initI18n('en');
  ({ PackagesPanel } = await import('./PackagesPanel'));
});
afterEach(() => cleanup());

const meta = (over: Partial<SharedItemMeta> = {}): SharedItemMeta => ({ id: 'x'.repeat(22), tool: 'structuredProducts', name: 'Snowball', version: 1, owner: 'demo', createdAt: 1, updatedAt: 1, ...over });

function fakeApi(over: Partial<ShareApi>): ShareApi {
  const no = () => Promise.reject(new Error('not in this test'));
  return { save: no, list: async () => [], sharedWithMe: async () => [], get: no, getByName: no, rename: no, remove: no, shareToUser: no, unshare: no, shareLink: no, revokeLink: no, ...over } as ShareApi;
}

function Harness(p: Omit<PackagesPanelProps, 'items'>) {
  const items = useSavedItems('structuredProducts');
  return <PackagesPanel {...p} items={items} />;
}

function mount(api: ShareApi, p: Partial<Omit<PackagesPanelProps, 'items'>> = {}) {
  const props: Omit<PackagesPanelProps, 'items'> = {
    current: { name: 'Snowball', version: 1 }, valid: true, firstError: null, openId: null,
    payload: (v) => ({ src: `package Snowball version ${v}`, principal: 1e7 }),
    onSaved: vi.fn(), onOpen: vi.fn(), onRenamed: vi.fn(), onDeleted: vi.fn(), ...p,
  };
  render(
    <ChakraProvider value={defaultSystem}>
      <MemoryRouter><ShareApiProvider api={api}><Harness {...props} /></ShareApiProvider></MemoryRouter>
    </ChakraProvider>,
  );
  return props;
}

describe('PackagesPanel', () => {
  it('saves a new package under its own name, version 1', async () => {
    const save = vi.fn(async () => meta());
    const props = mount(fakeApi({ save }));
    fireEvent.click(screen.getByTestId('package-save'));
    await waitFor(() => expect(screen.getByTestId('package-note').textContent).toBe('Saved Snowball version 1'));
    expect(save).toHaveBeenCalledWith(expect.objectContaining({ tool: 'structuredProducts', name: 'Snowball', payload: { src: 'package Snowball version 1', principal: 1e7 } }));
    expect((save.mock.calls[0] as unknown as [{ id?: string }])[0].id).toBeUndefined();
    expect(props.onSaved).toHaveBeenCalledWith(meta().id, 'package Snowball version 1');
  });

  it('saves the open package again as its next version', async () => {
    const open = meta({ version: 1 });
    const save = vi.fn(async () => open);
    mount(fakeApi({ save, list: async () => [open] }), { openId: open.id, current: { name: 'Snowball', version: 4 } });
    await screen.findByTestId('my-packages');
    fireEvent.click(screen.getByTestId('package-save'));
    await waitFor(() => expect(screen.getByTestId('package-note').textContent).toBe('Saved Snowball version 5'));
    expect(save).toHaveBeenCalledWith(expect.objectContaining({ id: open.id, payload: expect.objectContaining({ src: 'package Snowball version 5' }) }));
  });

  it("shows the service's refusals in SPEC wording", async () => {
    const exists = vi.fn(async () => { throw new ShareError(ShareCode.nameExists, 'exists', { field: 'name', key: 'translation:errors.packageNameExists' }); });
    mount(fakeApi({ save: exists }));
    fireEvent.click(screen.getByTestId('package-save'));
    await waitFor(() => expect(screen.getByTestId('package-error').textContent).toBe('Package name exists'));
    cleanup();
    const cap = vi.fn(async () => { throw new ShareError(ShareCode.freeLimit, 'cap', { limit: 5 }); });
    mount(fakeApi({ save: cap }));
    fireEvent.click(screen.getByTestId('package-save'));
    await waitFor(() => expect(screen.getByTestId('package-error').textContent).toMatch(/^The free version has reached its maximum of new data/));
  });

  it('does not send an invalid definition or a name that is not letters only', async () => {
    const save = vi.fn(async () => meta());
    mount(fakeApi({ save }), { valid: false, firstError: 'term error: 3X' });
    fireEvent.click(screen.getByTestId('package-save'));
    await waitFor(() => expect(screen.getByTestId('package-error').textContent).toBe('term error: 3X'));
    cleanup();
    mount(fakeApi({ save }), { current: { name: 'Snow2', version: 1 } });
    fireEvent.click(screen.getByTestId('package-save'));
    await waitFor(() => expect(screen.getByTestId('package-error').textContent).toBe('The package name may contain letters only'));
    expect(save).not.toHaveBeenCalled();
  });
});
