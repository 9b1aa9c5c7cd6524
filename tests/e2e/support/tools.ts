// Shared fixture for tool journeys: one real server (DEMO_USER) and one signed-in browser
// state per worker, a fresh signed-in page per test, and helpers that read a screen the way
// UI-CONTRACT says it can be read.
//
//   import { test, expect, openTool, resultValue, screenshot } from './support/tools';
//   test('prices', async ({ page }) => {
//     await openTool(page, 'optionCalculator', 'en');
//     await page.getByLabel('Notional').fill('10m');
//     await page.getByLabel('Notional').press('Enter');
//     await expect.poll(() => resultValue(page, 'Premium')).not.toBeNull();
//     await screenshot(page, 'optionCalculator-en');
//   });
import { expect as baseExpect, test as base, type Locator, type Page } from '@playwright/test';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { startServer, type TestServer } from './server';

export type Lang = 'zh' | 'en';

export const DEMO = { user: 'demo', password: 'demo12345' };

/** Page loads on the shared CI machine take their time. */
export const expect = baseExpect.configure({ timeout: 20_000 });

interface WorkerFixtures {
  server: TestServer;
  /** Path of the storage state of a signed-in demo user (localStorage: sid, loginTime...). */
  signedInState: string;
}

export const test = base.extend<{ page: Page }, WorkerFixtures>({
  server: [
    async ({}, use) => {
      const server = await startServer({ env: { DEMO_USER: `${DEMO.user}:${DEMO.password}` } });
      await use(server);
      await server.stop();
    },
    { scope: 'worker', timeout: 180_000 },
  ],
  signedInState: [
    async ({ browser, server }, use) => {
      const dir = mkdtempSync(join(tmpdir(), 'desk-state-'));
      const file = join(dir, 'state.json');
      const ctx = await browser.newContext({ serviceWorkers: 'block' });
      const page = await ctx.newPage();
      await page.addInitScript(() => localStorage.setItem('Lang', 'en'));
      await page.goto(`${server.baseUrl}/login`);
      await page.getByTestId('method-password').click();
      await page.getByTestId('field-userName').fill(DEMO.user);
      await page.getByTestId('field-password').fill(DEMO.password);
      await page.getByTestId('login-submit').click();
      await page.waitForURL((u) => !u.pathname.startsWith('/login'), { timeout: 30_000 });
      await baseExpect.poll(() => page.evaluate(() => localStorage.getItem('sid')), { timeout: 15_000 }).toBeTruthy();
      await ctx.storageState({ path: file });
      await ctx.close();
      await use(file);
      rmSync(dir, { recursive: true, force: true });
    },
    { scope: 'worker', timeout: 180_000 },
  ],
  page: async ({ browser, signedInState }, use) => {
    const ctx = await browser.newContext({
      storageState: signedInState,
      serviceWorkers: 'block',
      viewport: { width: 1440, height: 900 },
      permissions: ['clipboard-read', 'clipboard-write'],
      acceptDownloads: true,
    });
    const page = await ctx.newPage();
    await use(page);
    await ctx.close();
  },
});

/**
 * Opens a tool by route in a language and waits for its pane; returns the pane. The
 * language is set in localStorage `Lang` before the app starts, as the toggle would.
 */
export async function openTool(page: Page, route: string, lang: Lang): Promise<Locator> {
  const origin = page.url().startsWith('http') ? new URL(page.url()).origin : await originOf(page);
  await page.addInitScript((l) => localStorage.setItem('Lang', l), lang);
  await page.goto(`${origin}/${route}`);
  await expect(page.locator('html')).toHaveAttribute('lang', lang === 'en' ? 'en' : 'zh-CN');
  const pane = page.locator(`[data-pane="${route}"]`);
  await expect(pane).toBeVisible();
  return pane;
}

// The signed-in state names its origin; a fresh page has not navigated yet.
async function originOf(page: Page): Promise<string> {
  const state = await page.context().storageState();
  const o = state.origins[0]?.origin;
  if (!o) throw new Error('no signed-in origin in the storage state');
  return o;
}

/** The Results region (UI-CONTRACT section 3) in either language. */
export function resultsRegion(scope: Page | Locator): Locator {
  return scope.getByRole('region', { name: /^(Results|结果)$/ });
}

/**
 * The `data-value` of the result named `name` (UI-CONTRACT section 2): a <dd> of a <dt> with
 * that name, an element whose accessible name is it, or a table cell under a column header
 * of that name (first row). Names match trimmed, case-insensitively, optionally followed by
 * a unit in parentheses. Null when the result shows no value (a dash).
 */
export async function resultValue(scope: Page | Locator, name: string): Promise<string | null> {
  const region = resultsRegion(scope);
  return region.evaluate((root, wanted) => {
    const norm = (s: string | null | undefined) => (s ?? '').replace(/\s+/g, ' ').trim().toLowerCase();
    const w = norm(wanted);
    const matches = (s: string | null | undefined) => {
      const n = norm(s);
      return n === w || (n.startsWith(w) && /^\s*\([^)]*\)$/.test(n.slice(w.length)));
    };
    for (const dt of root.querySelectorAll('dt')) {
      if (!matches(dt.textContent)) continue;
      let dd = dt.nextElementSibling;
      while (dd && dd.tagName !== 'DD') dd = dd.nextElementSibling;
      if (dd) return dd.getAttribute('data-value');
    }
    for (const el of root.querySelectorAll('[aria-label]')) {
      if (matches(el.getAttribute('aria-label')) && el.hasAttribute('data-value')) return el.getAttribute('data-value');
    }
    for (const table of root.querySelectorAll('table')) {
      const heads = [...table.querySelectorAll('thead th')];
      const j = heads.findIndex((th) => matches(th.textContent));
      if (j < 0) continue;
      const cell = table.querySelector('tbody tr')?.children[j];
      if (cell) return cell.getAttribute('data-value');
    }
    return null;
  }, name);
}

/**
 * A screenshot to docs/screenshots/<name>.png of the whole active tool, or of `target`
 * within it. Tool panes scroll inside the shell, so the window is stretched to the pane's
 * full height first (capped at 6000 px) and restored afterwards.
 */
export async function screenshot(page: Page, name: string, target?: Locator): Promise<void> {
  const path = `docs/screenshots/${name}.png`;
  const vp = page.viewportSize() ?? { width: 1440, height: 900 };
  // Only as tall as needed: a taller window only adds tiles for the rasteriser to catch up on.
  const need = await page.evaluate((el) => {
    const pane = [...document.querySelectorAll<HTMLElement>('[data-pane]')].find((p) => !p.hidden);
    if (!pane) return 0;
    pane.scrollTop = 0; // from the top, so nothing is captured half-scrolled
    const top = pane.getBoundingClientRect().top;
    const bottom = el ? el.getBoundingClientRect().bottom - top : pane.scrollHeight;
    return Math.ceil(top + bottom + 16);
  }, target ? await target.elementHandle() : null);
  const height = Math.min(Math.max(vp.height, need), 6000);
  if (height !== vp.height) await page.setViewportSize({ width: vp.width, height });
  await page.waitForTimeout(1200); // resize observers (charts, grids) settle and tiles raster
  if (target) await target.screenshot({ path });
  else await page.screenshot({ path });
  if (height !== vp.height) await page.setViewportSize(vp);
}
