// The data side of the tool kit in real Chromium against a real server, on the /test demo
// (src/tools/test/kit-data-demo.tsx): user A saves an item and shares it to user B and
// by link; B opens it; C is refused ("not shared with you") until A makes a public link;
// an unknown share target gets "does not exist, please re-enter" in en and zh; and pricing
// keeps working with the server stopped, from the browser worker, marked offline, equal to
// the server's answer. One server and one browser for the whole spec.
import { expect as baseExpect, test, type Browser, type Page } from '@playwright/test';
import { startServer, type TestServer } from './support/server';
import { registerUser, signedInAs, uniqueTag, type Account } from './support/users';

const expect = baseExpect.configure({ timeout: 20_000 });
test.describe.configure({ mode: 'serial' });
test.use({ serviceWorkers: 'block' });

let server: TestServer;
const users: Record<'a' | 'b' | 'c', Account> = {} as never;

test.beforeAll(async () => {
  server = await startServer({ env: { MARKET_HISTORY: 'off' } });
  const tag = uniqueTag();
  users.a = await registerUser(server, `alice${tag}`, `139${tag}001`);
  users.b = await registerUser(server, `bob${tag}`, `139${tag}002`);
  users.c = await registerUser(server, `carol${tag}`, `139${tag}003`);
});
test.afterAll(async () => {
  await server?.stop();
});

/** A signed-in browser context for `user` in `lang`; service workers as `browser.newContext` defaults them. */
const signedIn = (browser: Browser, user: Account, lang: 'zh' | 'en') =>
  signedInAs(browser, user, lang, { serviceWorkers: 'allow', socketConfig: { reconnectDelayMs: 500 } });

const demo = (page: Page) => page.getByTestId('kit-data-demo');
const results = (page: Page) => demo(page).getByRole('region', { name: /Results|结果/ });
const premium = (page: Page) => demo(page).getByTestId('demo-premium');

async function settledPremium(page: Page): Promise<string> {
  await expect(results(page)).toHaveAttribute('aria-busy', 'false');
  await expect(premium(page)).toHaveAttribute('data-value', /\d/);
  return (await premium(page).getAttribute('data-value'))!;
}

let restrictedLink = '';
let publicLink = '';
let itemPremium = '';

test('A saves an item and shares it to B and by link; an unknown target is refused (en)', async ({ browser }) => {
  const { context, page } = await signedIn(browser, users.a, 'en');
  await page.goto(`${server.baseUrl}/test`);
  await expect(demo(page)).toBeVisible();
  await expect(page.getByTestId('conn-status')).toHaveAttribute('data-status', /^(open|loggedIn)$/);
  await page.getByTestId('demo-spot').fill('7.05');
  itemPremium = await settledPremium(page);
  await expect(demo(page).getByTestId('offline-pricing')).toHaveCount(0);

  await page.getByTestId('save-name').fill('USDCNY 6M call');
  await page.getByTestId('save-item').click();
  await expect(page.getByTestId('saved-items-note')).toHaveText('Saved');
  await expect(page.getByTestId('my-items')).toContainText('USDCNY 6M call');

  await page.getByTestId('my-items').getByTestId('share-item').first().click();
  const dialog = page.getByTestId('share-dialog');
  await expect(dialog).toBeVisible();
  await dialog.getByTestId('share-target').fill('nobody-by-that-name');
  await dialog.getByTestId('share-to-user').click();
  await expect(dialog.getByRole('alert')).toHaveText('The user name or mobile number does not exist, please re-enter');
  await expect(dialog.getByTestId('share-target')).toHaveValue('nobody-by-that-name');
  await page.screenshot({ path: 'docs/screenshots/kit-share-dialog-en.png' });

  await dialog.getByTestId('share-target').fill(users.b.phone); // by mobile
  await dialog.getByTestId('share-to-user').click();
  await expect(dialog.getByTestId('shared-with')).toContainText(users.b.phone);
  restrictedLink = await dialog.getByTestId('share-item-link').inputValue();
  expect(restrictedLink).toMatch(new RegExp(`^${server.baseUrl}/test\\?id=[A-Za-z0-9_-]{22}$`));
  await dialog.getByTestId('share-create-link').click();
  publicLink = await dialog.getByTestId('share-public-link').inputValue();
  expect(publicLink).toMatch(/\/test\?id=[A-Za-z0-9_-]{22}$/);
  expect(publicLink).not.toBe(restrictedLink);
  await context.close();
});

test('B opens the link and sees the item; it is in "Shared with me"', async ({ browser }) => {
  const { context, page } = await signedIn(browser, users.b, 'en');
  await page.goto(restrictedLink);
  // The demo has its own share kind, which has no SPEC share tip (the calculator's tip is in option-calculator.spec.ts).
  await page.screenshot({ path: 'docs/screenshots/kit-share-opened-en.png' });
  await expect(page.getByTestId('demo-spot')).toHaveValue('7.05');
  await expect(page.getByTestId('shared-item-status')).toHaveText(`Opened "USDCNY 6M call" shared by ${users.a.name}`);
  expect(await settledPremium(page)).toBe(itemPremium);
  await expect(page.getByTestId('shared-with-me')).toContainText('USDCNY 6M call');
  expect(await page.evaluate(() => localStorage.getItem('ShareQueryID'))).toBeNull();
  // the second time: still no tip
  await page.goto(restrictedLink);
  await expect(page.getByTestId('shared-item-status')).toBeVisible();
  await expect(page.getByTestId('share-tip')).toHaveCount(0);
  await context.close();
});

test('C is refused the restricted link ("not shared with you"), opens the public link, loses it when A turns it off', async ({ browser }) => {
  const { context, page } = await signedIn(browser, users.c, 'en');
  await page.goto(restrictedLink);
  await expect(page.getByTestId('shared-item-error')).toHaveText('This item was not shared with you. Ask its owner to share it');
  await expect(page.getByTestId('demo-spot')).not.toHaveValue('7.05');
  await page.screenshot({ path: 'docs/screenshots/kit-share-refused-en.png' });
  await page.goto(publicLink);
  await expect(page.getByTestId('demo-spot')).toHaveValue('7.05');
  await expect(page.getByTestId('shared-item-status')).toContainText(users.a.name);

  const a = await signedIn(browser, users.a, 'en');
  await a.page.goto(`${server.baseUrl}/test`);
  await a.page.getByTestId('my-items').getByTestId('share-item').first().click();
  await a.page.getByTestId('share-revoke-link').click();
  await expect(a.page.getByTestId('share-note')).toHaveText('The public link is turned off');
  await a.context.close();

  await page.goto(publicLink);
  await expect(page.getByTestId('shared-item-error')).toHaveText('The shared item does not exist (it was deleted, or its link was turned off)');
  await context.close();
});

test('zh: an unknown share target gets "does not exist, please re-enter"; C sees "not shared with you"', async ({ browser }) => {
  const { context, page } = await signedIn(browser, users.a, 'zh');
  await page.goto(`${server.baseUrl}/test`);
  await page.getByTestId('my-items').getByTestId('share-item').first().click();
  const dialog = page.getByTestId('share-dialog');
  await dialog.getByTestId('share-target').fill('查无此人');
  await dialog.getByTestId('share-target').press('Enter');
  await expect(dialog.getByRole('alert')).toHaveText('该用户名或手机号不存在，请重新输入');
  await page.screenshot({ path: 'docs/screenshots/kit-share-dialog-zh.png' });
  await context.close();

  const c = await signedIn(browser, users.c, 'zh');
  await c.page.goto(restrictedLink);
  await expect(c.page.getByTestId('shared-item-error')).toHaveText('该内容未分享给您，请联系分享者');
  await c.page.screenshot({ path: 'docs/screenshots/kit-share-refused-zh.png' });
  await c.context.close();
});

test('the server stops: pricing answers from the browser worker, marked offline, equal to the online answer', async ({ browser }) => {
  const { context, page } = await signedIn(browser, users.a, 'en');
  await page.goto(`${server.baseUrl}/test`);
  await expect(page.getByTestId('conn-status')).toHaveAttribute('data-status', /^(open|loggedIn)$/);
  await page.getByTestId('demo-vol').fill('7.25');
  const online = await settledPremium(page);
  const onlineDelta = await demo(page).getByTestId('demo-delta').getAttribute('data-value');
  await expect(demo(page).getByTestId('offline-pricing')).toHaveCount(0);
  await page.getByTestId('demo-vol').fill('7.5');
  await settledPremium(page);
  // the pricing worker was loaded while the server was up (the tool warms one)
  await expect.poll(() => page.evaluate(() => performance.getEntriesByType('resource').some((e) => /pricing-worker/.test(e.name)))).toBe(true);

  await server.kill('SIGKILL');
  await expect(page.getByTestId('conn-status')).not.toHaveAttribute('data-status', /^(open|loggedIn)$/);
  await expect(results(page)).toHaveAttribute('aria-busy', 'false');
  // Type 7.25 again. aria-busy is set by the input event itself, before the debounce (read
  // after the event's microtasks, before any timer can run).
  expect(await page.getByTestId('demo-vol').evaluate(async (el) => {
    const setValue = Object.getOwnPropertyDescriptor(HTMLInputElement.prototype, 'value')!.set!;
    setValue.call(el, '7.25'); // as typing does, so React sees the change
    el.dispatchEvent(new Event('input', { bubbles: true }));
    await Promise.resolve();
    return document.querySelector('[data-testid="demo-results"]')!.getAttribute('aria-busy');
  })).toBe('true');
  await expect(demo(page).getByTestId('offline-pricing')).toBeVisible();
  await expect(demo(page).getByTestId('offline-pricing')).toContainText('Offline pricing');
  const offline = await settledPremium(page);
  const offlineDelta = await demo(page).getByTestId('demo-delta').getAttribute('data-value');
  // Same code in another JavaScript engine (Node's V8 vs Chromium's): equal to rounding.
  expect(Math.abs(Number(offline) - Number(online))).toBeLessThanOrEqual(1e-12 * Math.abs(Number(online)));
  expect(Math.abs(Number(offlineDelta) - Number(onlineDelta))).toBeLessThanOrEqual(1e-12 * Math.abs(Number(onlineDelta)));
  console.log(`online premium ${online}, offline ${offline}: ${online === offline ? 'identical' : 'equal to rounding'}`);
  await page.screenshot({ path: 'docs/screenshots/kit-pricing-offline-en.png' });
  await context.close();
  await server.restart();
});
