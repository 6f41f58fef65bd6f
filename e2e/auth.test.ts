// The access flows of the foundation issue in a real browser on the built app: guards, a wrong
// password, the reset link from the mail, OTP setup at the first login, logout, the code step at
// the next login, and the session-expiry dialog. The scenarios run in order on one server: the
// OTP set up by one is what the later ones log in with.
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { RESET_LINK, waitForMailLink } from './support/outbox';
import { captureScreen } from './support/screenshots';
import { ADMIN } from './support/server';
import { useServerAndBrowser } from './support/suite';
import { nextTotpCode, totpCode } from './support/totp';
import { submitCredentials } from './support/ui';

const e2e = useServerAndBrowser();
/** The admin's OTP once set up, and the last time step used (each is accepted only once). */
let adminOtp: { secret: string; lastStep: number } | undefined;

describe('access', () => {
  it('sends a visitor who opens /dashboard to /login', async () => {
    const page = await e2e.openPage();
    await page.goto('/');
    await page.getByRole('heading', { name: 'Your Reliable Investment Partner' }).waitFor();
    await page.getByRole('link', { name: 'Terms of Service' }).click();
    await page.getByRole('heading', { name: 'Terms of Service' }).waitFor();

    await page.goto('/dashboard');
    await page.waitForURL('**/login');
    await page.getByRole('heading', { name: 'Login' }).waitFor();
    await captureScreen(page, 'login');
  });

  it('shows the server message for a wrong password', async () => {
    const page = await e2e.openPage();
    await page.goto('/login');
    await submitCredentials(page, ADMIN.email, 'not-the-password');
    await page.getByText('Invalid credentials or OTP error').waitFor();
    await captureScreen(page, 'login-wrong-password');
    expect(new URL(page.url()).pathname).toBe('/login');
  });

  it('resets the password from the mailed link, once', async () => {
    const page = await e2e.openPage();
    await page.goto('/login');
    await page.getByRole('button', { name: 'Forgot password?' }).click();
    await page.getByLabel('Email').fill(ADMIN.email);
    await captureScreen(page, 'forgot-password');
    await page.getByRole('button', { name: 'Send reset link' }).click();
    await page.getByText('Reset link sent to the provided email address!').waitFor();

    const link = await waitForMailLink(e2e.server.outboxDir, RESET_LINK);
    await page.goto(link);
    await page.getByLabel('Nuova password', { exact: true }).fill(ADMIN.password);
    await page.getByLabel('Conferma password', { exact: true }).fill('something else');
    await page.getByRole('button', { name: 'Aggiorna password' }).click();
    await page.getByText('Le password inserite non corrispondono.').waitFor();
    await captureScreen(page, 'reset-password-page');

    // The same password again, so the other scenarios keep logging in with it.
    await page.getByLabel('Conferma password', { exact: true }).fill(ADMIN.password);
    await page.getByRole('button', { name: 'Aggiorna password' }).click();
    await page.getByText('Password aggiornata con successo!').waitFor();
    await page.waitForURL('**/login');

    await page.goto(link);
    await page.getByLabel('Nuova password', { exact: true }).fill(ADMIN.password);
    await page.getByLabel('Conferma password', { exact: true }).fill(ADMIN.password);
    await page.getByRole('button', { name: 'Aggiorna password' }).click();
    await page.getByRole('button', { name: 'Richiedi un nuovo reset' }).waitFor();
  });

  it('sets up OTP at the first login, logs out, and asks for a fresh code at the next login', async () => {
    const page = await e2e.openPage();
    await page.goto('/login');
    await submitCredentials(page, ADMIN.email, ADMIN.password);

    await page.getByRole('heading', { name: 'Enable OTP' }).waitFor();
    const secret = (await page.getByTestId('otp-secret').textContent())?.trim() ?? '';
    expect(secret).toMatch(/^[A-Z2-7]+=*$/);
    const quickAdd = await page.getByRole('link', { name: 'Quick add to 2FA app' }).getAttribute('href');
    expect(quickAdd).toMatch(/^otpauth:\/\/totp\//);
    expect(quickAdd).toContain(`secret=${secret}`);
    await captureScreen(page, 'otp-setup');

    const setupCode = await totpCode(secret);
    await page.getByLabel('OTP code').fill(setupCode.code);
    await page.getByRole('button', { name: 'Enable OTP' }).click();
    await page.getByText('OTP enabled successfully!').waitFor();
    await page.waitForURL('**/dashboard');
    await expectDashboardOf(page);
    await captureScreen(page, 'dashboard');

    await page.getByRole('button', { name: 'Logout' }).click();
    await page.getByRole('alertdialog').getByText('Sei sicuro di voler effettuare il logout?').waitFor();
    await captureScreen(page, 'logout-confirm');
    await page.getByRole('button', { name: 'Sì', exact: true }).click();
    await page.waitForURL('**/login');

    await submitCredentials(page, ADMIN.email, ADMIN.password);
    await page.getByRole('button', { name: `Not ${ADMIN.email}?` }).waitFor();
    await captureScreen(page, 'otp-code-step');
    const loginCode = await nextTotpCode(secret, setupCode.step);
    await page.getByLabel('OTP code').fill(loginCode.code);
    await page.getByRole('button', { name: 'Verify' }).click();
    await page.waitForURL('**/dashboard');
    await expectDashboardOf(page);
    adminOtp = { secret, lastStep: loginCode.step };
  });

  it('warns 3 minutes before the token expires, refreshes on "Sì, sono qui", and logs out when ignored', async () => {
    if (!adminOtp) throw new Error('Needs the OTP set up by the previous scenario.');
    const page = await e2e.openPage();
    await page.clock.install();
    await page.goto('/login');
    await submitCredentials(page, ADMIN.email, ADMIN.password);
    const code = await nextTotpCode(adminOtp.secret, adminOtp.lastStep);
    adminOtp.lastStep = code.step;
    await page.getByLabel('OTP code').fill(code.code);
    await page.getByRole('button', { name: 'Verify' }).click();
    await page.waitForURL('**/dashboard');
    // The dashboard's own chunk must be in before the clock jumps, or its 120 s load timeout fires.
    await page.getByRole('heading', { name: 'PROFIT/LOSS CHART' }).waitFor();

    const dialog = page.getByRole('alertdialog', { name: 'Sessione in scadenza' });
    const countdown = dialog.getByRole('timer');
    const stored = (key: string) => page.evaluate((name) => window.localStorage.getItem(name), key);
    const firstRefreshToken = await stored('refreshToken');
    // The access token lives 60 minutes: 57.5 minutes on, the dialog is due.
    await page.clock.fastForward('57:30');
    await dialog.waitFor();
    await dialog.getByText('La tua sessione sta per scadere.').waitFor();
    expect(await countdown.textContent()).toMatch(/^0[23]:\d\d$/);
    await captureScreen(page, 'session-expiry');
    await page.clock.fastForward('01:30');
    expect(await countdown.textContent()).toMatch(/^01:[23]\d$/);

    // The browser clock is now ~59 minutes ahead of the server's, which dates the new token by its
    // own clock: so the new token looks nearly expired at once and the dialog starts over for it.
    await dialog.getByRole('button', { name: 'Sì, sono qui' }).click();
    // The refresh token rotates on every refresh (the jwt may not: same user, same second, same bytes).
    await expect.poll(() => stored('refreshToken'), { timeout: 10_000 }).not.toBe(firstRefreshToken);
    await countdown.filter({ hasText: /^03:/ }).waitFor();

    // Nobody answers this time: 3 minutes after the dialog appeared, the session ends.
    await page.clock.fastForward('03:01');
    await page.waitForURL('**/login');
    expect(await stored('jwt')).toBeNull();
  });
});

async function expectDashboardOf(page: Page): Promise<void> {
  const details = page.locator('main');
  await details.getByText(ADMIN.email).waitFor();
  await details.getByText('Admin', { exact: true }).first().waitFor();
}
