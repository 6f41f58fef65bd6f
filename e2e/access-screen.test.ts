// The complete access screen of issue 5 in a real browser on the built app: the login/contact
// toggle, a contact request whose captcha solves itself, forgot password with the mailed link and
// the Italian reset page (once, then the expired view), the OTP steps, remember me, and the
// weather widget fed by a loopback weatherapi.com. Screenshots of every mode at 1280, 768, 480 px.
import { API } from '@platform/contracts/api';
import type { Page } from 'playwright-core';
import { afterAll, describe, expect, it } from 'vitest';
import { api, apiLogin, createInvitedUser } from './support/api';
import { startFakeWeatherApi } from './support/fake-weatherapi';
import { RESET_LINK, waitForMailLink } from './support/outbox';
import { captureScreen, type ScreenshotWidth } from './support/screenshots';
import { ADMIN } from './support/server';
import { useServerAndBrowser } from './support/suite';
import { totpCode } from './support/totp';
import { logIn, submitCredentials, toast } from './support/ui';

const weatherApi = await startFakeWeatherApi();
afterAll(() => weatherApi.close());
const e2e = useServerAndBrowser({ env: { WEATHER_API_KEY: 'e2e-key', WEATHER_API_URL: weatherApi.url } });

const ALL_WIDTHS: ScreenshotWidth[] = ['1280', '768', '480'];
const ROME = { latitude: 41.9028, longitude: 12.4964 };

/** Counts the page's calls for the position (window.geolocationCalls), from before its first script. */
async function countGeolocationCalls(page: Page): Promise<void> {
  await page.addInitScript(() => {
    const counted = window as unknown as { geolocationCalls: number };
    counted.geolocationCalls = 0;
    for (const name of ['getCurrentPosition', 'watchPosition'] as const) {
      const original = Object.getOwnPropertyDescriptor(Geolocation.prototype, name)?.value as (
        this: Geolocation,
        ...args: unknown[]
      ) => unknown;
      Object.defineProperty(Geolocation.prototype, name, {
        value(this: Geolocation, ...args: unknown[]) {
          counted.geolocationCalls += 1;
          return original.apply(this, args);
        },
      });
    }
  });
}

const geolocationCalls = (page: Page) =>
  page.evaluate(() => (window as unknown as { geolocationCalls: number }).geolocationCalls);

/** The newest reset link of the outbox once it differs from the one known before. */
async function nextResetLink(outboxDir: string, previous: string): Promise<string> {
  const deadline = Date.now() + 10_000;
  while (Date.now() < deadline) {
    const link = await waitForMailLink(outboxDir, RESET_LINK);
    if (link !== previous) return link;
    await new Promise((wake) => setTimeout(wake, 200));
  }
  throw new Error('No new reset link was mailed.');
}

const customer = {
  firstname: 'Laura',
  lastname: 'Bianchi',
  email: 'laura.bianchi@example.com',
  password: 'Laura-Password-1',
};

describe('access screen', () => {
  it('switches between login and contact, with the weather and the marketing panel beside', async () => {
    const page = await e2e.openPage();
    await page.goto('/login');
    await page.getByRole('heading', { name: 'Login', exact: true }).waitFor();
    await page.getByRole('link', { name: '← Back to Home' }).waitFor();
    await page.getByRole('heading', { name: 'Automated trading, built around your capital.' }).waitFor();
    await page.locator('.quote__author').waitFor();
    const weather = page.getByRole('button', { name: /^Meteo a Milano: Soleggiato/ });
    await weather.waitFor();
    await captureScreen(page, 'access-login', ALL_WIDTHS);
    // Narrow screens leave the marketing panel out.
    await page.setViewportSize({ width: 768, height: 900 });
    expect(
      await page.getByRole('heading', { name: 'Automated trading, built around your capital.' }).isVisible(),
    ).toBe(false);
    await page.setViewportSize({ width: 1280, height: 800 });

    await weather.click();
    const forecast = page.getByRole('dialog', { name: 'Previsioni meteo · Milano' });
    await forecast.waitFor();
    for (const label of ['Oggi', 'Domani', 'Dopodomani'])
      await forecast.getByText(label, { exact: true }).waitFor();
    await forecast.getByText('Pioggia moderata').waitFor();
    await captureScreen(page, 'access-weather', ALL_WIDTHS);
    await page.keyboard.press('Escape');
    await forecast.waitFor({ state: 'hidden' });

    await page.getByRole('button', { name: 'Not a customer? Contact us' }).click();
    await page.getByRole('heading', { name: 'Contact Us' }).waitFor();
    await page.getByRole('button', { name: 'Already have an account? Login' }).click();
    await page.getByRole('heading', { name: 'Login', exact: true }).waitFor();
  });

  it("shows Milano's weather without asking for the position, and asks only when the visitor taps for it", async () => {
    const page = await e2e.openPage();
    await countGeolocationCalls(page);
    // Even a browser that would answer without a prompt is not asked on load.
    await page.context().grantPermissions(['geolocation']);
    await page.context().setGeolocation(ROME);
    await page.goto('/login', { waitUntil: 'networkidle' });
    await page.getByRole('button', { name: /^Meteo a Milano: Soleggiato/ }).waitFor();
    expect(await geolocationCalls(page)).toBe(0);
    expect(weatherApi.queries).toContain('45.4642,9.19');

    const locate = page.getByRole('button', { name: 'Usa la mia posizione' });
    const box = await locate.boundingBox();
    expect(Math.min(box?.width ?? 0, box?.height ?? 0)).toBeGreaterThanOrEqual(24);
    await locate.click();
    await page.getByRole('button', { name: /^Meteo a Roma: Soleggiato/ }).waitFor();
    expect(await geolocationCalls(page)).toBe(1);
    expect(weatherApi.queries.at(-1)).toBe('41.9028,12.4964');
    // Once located there is nothing more to ask.
    await locate.waitFor({ state: 'detached' });
  });

  it('keeps Milano and only logs it when the visitor refuses the position', async () => {
    const page = await e2e.openPage();
    const warnings: string[] = [];
    page.on('console', (message) => {
      if (message.type() === 'warning') warnings.push(message.text());
    });
    await page.goto('/login');
    const milan = page.getByRole('button', { name: /^Meteo a Milano: Soleggiato/ });
    await milan.waitFor();
    await page.getByRole('button', { name: 'Usa la mia posizione' }).click();
    await expect
      .poll(() => warnings.some((text) => text.startsWith('Posizione non disponibile per il meteo')))
      .toBe(true);
    expect(await milan.isVisible()).toBe(true);
    // The visitor may change their mind and tap again.
    expect(await page.getByRole('button', { name: 'Usa la mia posizione' }).isVisible()).toBe(true);
  });

  it('sends a contact request with the captcha solved by itself', async () => {
    const page = await e2e.openPage();
    await page.goto('/login');
    await page.getByRole('button', { name: 'Not a customer? Contact us' }).click();
    await page.getByRole('heading', { name: 'Contact Us' }).waitFor();
    await page.getByLabel('Name').fill('Giulia');
    await page.getByLabel('Email').fill('giulia.verdi@example.com');
    await page.getByLabel('Message').fill('Vorrei aprire un conto e investire in GOLD.');
    await page.getByRole('status').filter({ hasText: 'Verified' }).waitFor({ timeout: 30_000 });
    await captureScreen(page, 'access-contact', ALL_WIDTHS);
    await page.getByRole('button', { name: 'Send request' }).click();
    await toast(page, 'Data sent successfully!').waitFor();
    expect(await page.getByLabel('Name').inputValue()).toBe('');

    const users = await api(e2e.server, API.users.list, {
      jwt: await apiLogin(e2e.server, ADMIN.email, ADMIN.password),
    });
    expect(JSON.stringify(users.data)).toContain('giulia.verdi@example.com');

    // The same payload cannot be spent twice: the form has a fresh captcha for the next request.
    await page.getByRole('status').filter({ hasText: 'Verified' }).waitFor({ timeout: 30_000 });
  });

  it('mails a reset link whose Italian page sets a new password once, then shows the expired view', async () => {
    await createInvitedUser(e2e.server, customer);
    const invitation = await waitForMailLink(e2e.server.outboxDir, RESET_LINK);

    const page = await e2e.openPage();
    await page.goto('/login');
    await page.getByRole('button', { name: 'Forgot password?' }).click();
    await page.getByRole('heading', { name: 'Forgot password' }).waitFor();
    await page.getByLabel('Email').fill(customer.email);
    await captureScreen(page, 'access-forgot', ALL_WIDTHS);
    await page.getByRole('button', { name: 'Send reset link' }).click();
    await toast(page, 'Reset link sent to the provided email address!').waitFor();
    await page.getByRole('heading', { name: 'Login', exact: true }).waitFor();

    const link = await nextResetLink(e2e.server.outboxDir, invitation);
    const newPassword = 'Laura-Password-2';
    await page.goto(link);
    await page.getByRole('link', { name: '← back to Home' }).waitFor();
    await page.getByLabel('Nuova password', { exact: true }).fill(newPassword);
    await page.getByLabel('Conferma password', { exact: true }).fill('something else');
    await page.getByRole('button', { name: 'Aggiorna password' }).click();
    await page.getByText('Le password inserite non corrispondono.').waitFor();
    await captureScreen(page, 'reset-password-form', ALL_WIDTHS);
    await page.getByLabel('Conferma password', { exact: true }).fill(newPassword);
    await page.getByRole('button', { name: 'Aggiorna password' }).click();
    await toast(page, 'Password aggiornata con successo!').waitFor();
    await page.waitForURL('**/login');

    await logIn(page, customer.email, newPassword);

    const again = await e2e.openPage();
    await again.goto(link);
    await again.getByLabel('Nuova password', { exact: true }).fill('Laura-Password-3');
    await again.getByLabel('Conferma password', { exact: true }).fill('Laura-Password-3');
    await again.getByRole('button', { name: 'Aggiorna password' }).click();
    await again
      .getByText('Il token è scaduto o già utilizzato. Richiedi un nuovo reset password.')
      .first()
      .waitFor();
    await captureScreen(again, 'reset-password-expired', ALL_WIDTHS);
    await again.getByRole('button', { name: 'Richiedi un nuovo reset' }).click();
    await again.waitForURL('**/login');
    await again.getByRole('heading', { name: 'Forgot password' }).waitFor();
  });

  it('opens the reset mode on /login when the link carries a token', async () => {
    const page = await e2e.openPage();
    await page.goto('/login?token=not-a-real-token');
    await page.getByRole('heading', { name: 'Reset Password' }).waitFor();
    await captureScreen(page, 'access-reset', ALL_WIDTHS);
    await page.getByLabel('New password', { exact: true }).fill('Some-Password-1');
    await page.getByLabel('Confirm password', { exact: true }).fill('Some-Password-1');
    await page.getByRole('button', { name: 'Update password' }).click();
    await toast(page, 'Error resetting password.').waitFor();
  });

  it('sets up OTP, then asks for the code, and "Not {user}?" clears the credentials', async () => {
    const user = {
      firstname: 'Marco',
      lastname: 'Neri',
      email: 'marco.neri@example.com',
      password: 'Marco-Password-1',
    };
    await createInvitedUser(e2e.server, user);
    const page = await e2e.openPage();
    await page.goto('/login');
    await submitCredentials(page, user.email, user.password);
    await page.getByRole('heading', { name: 'Enable OTP' }).waitFor();
    const secret = (await page.getByTestId('otp-secret').textContent())?.trim() ?? '';
    await page.getByRole('img', { name: 'QR code of the OTP secret' }).waitFor();
    await captureScreen(page, 'access-otp-setup', ALL_WIDTHS);
    const setupCode = await totpCode(secret);
    await page.getByLabel('OTP code').fill(setupCode.code);
    await page.getByRole('button', { name: 'Enable OTP' }).click();
    await page.waitForURL('**/dashboard');

    const next = await e2e.openPage();
    await next.goto('/login');
    await submitCredentials(next, user.email, user.password);
    const notMe = next.getByRole('button', { name: `Not ${user.email}?` });
    await notMe.waitFor();
    await captureScreen(next, 'access-otp-code', ALL_WIDTHS);
    await notMe.click();
    await next.getByRole('heading', { name: 'Login', exact: true }).waitFor();
    expect(await next.getByLabel('Email').inputValue()).toBe('');
    expect(await next.getByLabel('Password', { exact: true }).inputValue()).toBe('');
  });

  it('logs a remembered user in by itself, 500 ms after the access screen opens', async () => {
    const page = await e2e.openPage();
    await page.goto('/login');
    await page.getByLabel('Email').fill(customer.email);
    await page.getByLabel('Password', { exact: true }).fill('Laura-Password-2');
    await page.getByLabel('Remember me').check();
    await page.getByRole('button', { name: 'Login', exact: true }).click();
    const setup = page.getByRole('heading', { name: 'Enable OTP' });
    await Promise.race([setup.waitFor(), page.waitForURL('**/dashboard')]);
    if (await setup.isVisible()) await page.getByRole('button', { name: 'Skip for now' }).click();
    await page.waitForURL('**/dashboard');

    // A later visit whose session has ended: only the remembered login is left in the browser.
    await page.evaluate(() =>
      ['jwt', 'refreshToken', 'user'].forEach((key) => window.localStorage.removeItem(key)),
    );
    await page.goto('/login');
    await page.getByRole('heading', { name: 'Login', exact: true }).waitFor();
    // The drawn screen shows before its scripts; they fill in who is logging in.
    await expect.poll(() => page.getByLabel('Email').inputValue()).toBe(customer.email);
    await page.waitForURL('**/dashboard');
  });
});
