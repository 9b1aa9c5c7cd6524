// Access journeys in real Chromium against a real server, in both languages: register a new
// user (SMS code read from the server log), log out, a wrong password shows the localized
// error, log in by password, change the password (forces a new login), log in by SMS code
// with an unregistered number (registered automatically, asked to complete the profile).
import { expect, test, type Page } from '@playwright/test';
import { readFileSync } from 'node:fs';
import { smsCodeFromLog, tinyPngBuffer } from './support/access-fixtures';
import { startServer, type TestServer } from './support/server';

type Bundle = Record<string, any>;
const bundles: Record<'zh' | 'en', Bundle> = {
  zh: JSON.parse(readFileSync('src/pages/i18n/zh.json', 'utf8')),
  en: JSON.parse(readFileSync('src/pages/i18n/en.json', 'utf8')),
};
const text = (lang: 'zh' | 'en', key: string): string => String(key.split('.').reduce<any>((n, k) => n[k], bundles[lang]));

let server: TestServer;
let png: Buffer;

test.beforeAll(async () => {
  server = await startServer({ env: { MARKET_HISTORY: 'off', ...(process.env.DIST_DIR ? { DIST_DIR: process.env.DIST_DIR } : {}) } });
  png = await tinyPngBuffer(40, 24);
});

test.afterAll(async () => {
  await server?.stop();
});

/** A fresh mainland mobile number per call (the server allows one code a minute per phone). */
let phoneSeq = 0;
function freshPhone(): string {
  phoneSeq += 1;
  return `139${String((Date.now() % 1e6) * 10 + phoneSeq).padStart(8, '0').slice(-8)}`;
}

async function openAs(page: Page, lang: 'zh' | 'en', path: string) {
  await page.addInitScript((l) => localStorage.setItem('Lang', l), lang);
  await page.goto(server.baseUrl + path);
}

async function requestCode(page: Page, phone: string): Promise<string> {
  const since = server.log().length;
  await page.getByTestId('field-phone').fill(phone);
  await page.getByTestId('send-code').click();
  // The button counts down from resendAfterSec (60 s).
  await expect(page.getByTestId('send-code')).toBeDisabled();
  await expect(page.getByTestId('send-code')).toHaveText(/\d+/);
  return smsCodeFromLog(server, phone, since);
}

async function passwordLogin(page: Page, userName: string, password: string) {
  await page.getByTestId('method-password').click();
  await page.getByTestId('field-userName').fill(userName);
  await page.getByTestId('field-password').fill(password);
  await page.getByTestId('login-submit').click();
}

/** The stored sid; read again if a navigation (logout push, reload) replaced the page meanwhile. */
async function sid(page: Page): Promise<string | null> {
  for (let attempt = 0; ; attempt++) {
    try {
      return await page.evaluate(() => localStorage.getItem('sid'));
    } catch (e) {
      if (attempt >= 20 || !/context was destroyed|navigat/i.test(String(e))) throw e;
      await page.waitForLoadState();
    }
  }
}

for (const lang of ['zh', 'en'] as const) {
  test.describe(`access journeys (${lang})`, () => {
    test('register, log out, wrong password, log in, change password, log in again', async ({ page }) => {
      const userName = `e2e${lang}${Date.now() % 1e7}`;
      const phone = freshPhone();
      const password = 'abcd1234';
      const newPassword = 'wxyz5678';

      // Login page: zones, version label, screenshot.
      await openAs(page, lang, '/login');
      await expect(page.getByTestId('login-title')).toHaveText(text(lang, 'login.title'));
      await expect(page.getByTestId('zone-client')).toContainText(text(lang, 'login.zone.clientTagline'));
      await expect(page.getByTestId('version-label')).toContainText('1.1.2');
      await page.getByTestId('zone-bank').click();
      await expect(page.getByTestId('zone-bank')).toHaveAttribute('aria-checked', 'true');
      await page.screenshot({ path: `docs/screenshots/login-${lang}.png`, fullPage: true });

      // Registration, reached through the "free trial" link (registration, then the trial form).
      await page.getByTestId('to-trial').click();
      await expect(page).toHaveURL(/\/registe\?trial=1$/);
      await expect(page.getByTestId('register-title')).toHaveText(text(lang, 'register.title'));
      // Client-side rules in the user's language.
      await page.getByTestId('register-submit').click();
      await expect(page.getByTestId('error-username')).toHaveText(text(lang, 'validation.required'));
      await page.getByTestId('field-password').fill('abc');
      await page.getByTestId('field-confirmPassword').fill('abd');
      await page.getByTestId('register-submit').click();
      await expect(page.getByTestId('error-password')).toHaveText(text(lang, 'validation.passwordFormat'));
      await expect(page.getByTestId('error-confirmPassword')).toHaveText(text(lang, 'validation.passwordInconsistent'));

      await page.getByTestId('role-bank').click();
      await page.getByTestId('field-username').fill(userName);
      await expect(page.getByText(text(lang, 'register.nameAvailable'))).toBeVisible();
      const code = await requestCode(page, phone);
      await page.getByTestId('field-password').fill(password);
      await page.getByTestId('field-confirmPassword').fill(password);
      await page.getByTestId('field-unitName').fill(lang === 'zh' ? '示例银行上海分行' : 'Example Bank Shanghai');
      await page.getByTestId('field-institution').fill(lang === 'zh' ? '示例银行' : 'Example Bank');
      await page.getByTestId('field-department').fill(lang === 'zh' ? '金融市场部' : 'Markets');
      await page.getByTestId('field-email').fill(`${userName}@example.com`);
      await page.getByTestId('field-cardImage').setInputFiles({ name: 'card.png', mimeType: 'image/png', buffer: png });
      await expect(page.getByTestId('card-preview')).toBeVisible();

      // The filled form, whole (a tall viewport: the public layout scrolls inside itself).
      await page.setViewportSize({ width: 1280, height: 960 });
      await page.getByTestId('field-code').fill(code);
      await page.getByTestId('register-title').scrollIntoViewIfNeeded();
      await page.screenshot({ path: `docs/screenshots/register-${lang}.png` });
      await page.setViewportSize({ width: 1280, height: 720 });

      // A server failure (wrong code) keeps everything typed and shows under the field.
      await page.getByTestId('field-code').fill(code === '000000' ? '111111' : '000000');
      await page.getByTestId('register-submit').click();
      await expect(page.getByTestId('error-code')).toHaveText(text(lang, 'errors.codeInvalid'));
      await expect(page.getByTestId('field-username')).toHaveValue(userName);
      await expect(page.getByTestId('field-email')).toHaveValue(`${userName}@example.com`);
      await expect(page.getByTestId('card-preview')).toBeVisible();

      await page.getByTestId('field-code').fill(code);
      await page.getByTestId('register-submit').click();
      await expect(page.getByTestId('trial')).toBeVisible({ timeout: 15_000 });
      await expect(page.getByTestId('trial').getByTestId('field-institution')).toHaveValue(lang === 'zh' ? '示例银行' : 'Example Bank');
      await page.getByTestId('trial-later').click();
      await expect(page).not.toHaveURL(/\/(registe|login)/, { timeout: 15_000 });
      await expect.poll(() => sid(page)).toBeTruthy();
      expect(await page.evaluate(() => localStorage.getItem('username'))).toBe(userName);

      // Log out from the shell's user menu.
      await page.getByTestId('user-menu').click();
      await page.getByTestId('logout').click();
      await expect(page).toHaveURL(/\/login/);
      await expect.poll(() => sid(page)).toBeNull();
      // The session lifecycle may still reload the page on the logout push; start from a
      // fresh login page so typing is not lost to that reload.
      await page.goto(server.baseUrl + '/login');

      // Wrong password: localized error, nothing stored.
      await passwordLogin(page, userName, 'wrong9999');
      await expect(page.getByTestId('form-error')).toHaveText(text(lang, 'errors.loginFailed'));
      await expect.poll(() => sid(page)).toBeNull();

      // Right password.
      await passwordLogin(page, userName, password);
      await expect(page).not.toHaveURL(/\/login/, { timeout: 15_000 });
      await expect.poll(() => sid(page)).toBeTruthy();

      // Password change from user settings forces a new login.
      await page.goto(server.baseUrl + '/userSettings');
      await expect(page.getByTestId('info-userName')).toContainText(userName);
      await page.getByTestId('field-oldPassword').fill(password);
      await page.getByTestId('field-newPassword').fill(password);
      await page.getByTestId('field-confirmPassword').fill(password);
      await page.getByTestId('password-submit').click();
      await expect(page.getByTestId('error-newPassword')).toHaveText(text(lang, 'validation.passwordSameAsOld'));
      await page.getByTestId('field-oldPassword').fill('notMyPass1');
      await page.getByTestId('field-newPassword').fill(newPassword);
      await page.getByTestId('field-confirmPassword').fill(newPassword);
      await page.getByTestId('password-submit').click();
      await expect(page.getByTestId('error-oldPassword')).toHaveText(text(lang, 'errors.oldPasswordIncorrect'));
      await page.getByTestId('field-oldPassword').fill(password);
      await page.getByTestId('password-submit').click();
      await expect(page).toHaveURL(/\/login/, { timeout: 15_000 });
      await expect(page.getByTestId('form-success')).toHaveText(text(lang, 'settings.passwordChanged'));
      await expect.poll(() => sid(page)).toBeNull();

      await passwordLogin(page, userName, password);
      await expect(page.getByTestId('form-error')).toHaveText(text(lang, 'errors.loginFailed'));
      await passwordLogin(page, userName, newPassword);
      await expect(page).not.toHaveURL(/\/login/, { timeout: 15_000 });
      await expect.poll(() => sid(page)).toBeTruthy();
    });

    test('log in by SMS code with an unregistered number: registered, asked to complete the profile; license, trial, referral', async ({ page }) => {
      const phone = freshPhone();
      await openAs(page, lang, '/login');
      await page.getByTestId('method-sms').click();
      await page.getByTestId('field-phone').fill('1234');
      await page.getByTestId('send-code').click();
      await expect(page.getByTestId('error-phone')).toHaveText(text(lang, 'validation.phoneInvalid'));
      const code = await requestCode(page, phone);
      await page.getByTestId('field-code').fill(code);
      await page.getByTestId('login-submit').click();

      const prompt = page.getByTestId('complete-profile');
      await expect(prompt).toBeVisible({ timeout: 15_000 });
      await expect(prompt).toContainText(text(lang, 'profile.intro'));
      expect(await page.evaluate(() => localStorage.getItem('username'))).toBe(`u${phone}`);
      await page.getByTestId('profile-later').click();
      await expect(page).not.toHaveURL(/\/login/, { timeout: 15_000 });
      await expect.poll(() => sid(page)).toBeTruthy();

      // The shell asks again, once, in another tab whose stored session is still incomplete.
      const other = await page.context().newPage();
      await other.goto(server.baseUrl + '/');
      await expect(other.getByTestId('complete-profile')).toBeVisible({ timeout: 15_000 });
      await other.keyboard.press('Escape');
      await expect(other.getByTestId('complete-profile')).toBeHidden();
      await other.reload();
      await expect(other.getByTestId('home-shell')).toBeVisible();
      await expect(other.getByTestId('complete-profile')).toBeHidden();
      await other.close();

      // License: a new user is on the free version; buying means contacting support; the
      // 15-day trial application (institution, work email, phone, business card).
      await page.goto(server.baseUrl + '/license');
      await expect(page.getByTestId('license-edition')).toHaveText(text(lang, 'license.edition.free'));
      await page.getByTestId('license-buy').click();
      await expect(page.getByTestId('form-info')).toHaveText(text(lang, 'license.contactSupport'));
      await page.getByTestId('license-trial').click();
      await page.getByTestId('trial-submit').click();
      await expect(page.getByTestId('error-institution')).toHaveText(text(lang, 'validation.institutionRequired'));
      await expect(page.getByTestId('field-phone')).toHaveValue(phone); // known from the account
      await page.getByTestId('field-institution').fill(lang === 'zh' ? '示例证券' : 'Example Securities');
      await page.getByTestId('field-email').fill(`u${phone}@example.com`);
      await page.getByTestId('field-cardImage').setInputFiles({ name: 'card.png', mimeType: 'image/png', buffer: png });
      await page.getByTestId('trial-submit').click();
      await expect(page.getByTestId('trial').getByTestId('form-success')).toContainText(/\d{4}-\d{2}-\d{2}/);
      await page.getByTestId('trial-continue').click();
      await expect(page.getByTestId('license-edition')).toHaveText(text(lang, 'license.edition.trial'));
      await expect(page.getByTestId('license-end-date')).toHaveText(/\d{4}-\d{2}-\d{2}/);
      await expect(page.getByTestId('license-permissions')).toContainText(text(lang, 'license.permission.calculator_advanced'));

      // Referral: invite link to registration, the six tiers with progress.
      await page.goto(server.baseUrl + '/referral');
      await expect(page.getByTestId('invite-link')).toHaveValue(/\/registe\?invite=\w+/);
      for (const tier of ['usage5', 'usage10', 'usage15', 'invite5', 'invite10', 'invite15']) {
        await expect(page.getByTestId(`tier-${tier}`)).toBeVisible();
      }
      await expect(page.getByTestId('tier-invite5')).toHaveAttribute('data-status', 'locked');
    });
  });
}
