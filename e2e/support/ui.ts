// What the browser tests do on the way to what they test: opening a public page once it works,
// logging in through the access screen, opening a dashboard view from the sidebar, finding a toast.
import type { Locator, Page } from 'playwright-core';
import { nextTotpCode, rememberRequiredOtp, requiredOtpCode } from './totp';

/**
 * Opens a page and waits until React has taken it over. The public pages arrive drawn by the build
 * and ask for their scripts once painted (apps/web/build/prerender.ts): the page's load event
 * comes before them, and a button clicked before React has hydrated the page does nothing.
 */
export async function visit(page: Page, path: string): Promise<void> {
  await page.goto(path);
  await page.waitForFunction(() => {
    const screen = document.getElementById('root')?.firstElementChild;
    return screen ? Object.keys(screen).some((key) => key.startsWith('__reactFiber')) : false;
  });
}

/** Fills the login form and submits it. */
export async function submitCredentials(page: Page, email: string, password: string): Promise<void> {
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password', { exact: true }).fill(password);
  await page.getByRole('button', { name: 'Login', exact: true }).click();
}

/**
 * Logs in on the access screen. The OTP setup offered at a first login is skipped; where the role
 * must have 2FA it is set up instead, and the later logins give a code of it.
 */
export async function logIn(page: Page, email: string, password: string): Promise<void> {
  await page.goto('/login');
  const origin = new URL(page.url()).origin;
  await submitCredentials(page, email, password);
  const setup = page.getByRole('heading', { name: 'Enable OTP' });
  const codeStep = page.getByRole('button', { name: `Not ${email}?` });
  await Promise.race([setup.waitFor(), codeStep.waitFor(), page.waitForURL('**/dashboard')]);
  if (await setup.isVisible()) {
    const skip = page.getByRole('button', { name: 'Skip for now' });
    if (await skip.isVisible()) await skip.click();
    else {
      const secretField = page.getByTestId('otp-secret');
      await secretField.waitFor();
      const secret = (await secretField.textContent())?.trim() ?? '';
      const code = await nextTotpCode(secret, -1);
      await page.getByLabel('OTP code').fill(code.code);
      await page.getByRole('button', { name: 'Enable OTP' }).click();
      rememberRequiredOtp(origin, email, secret, code.step);
    }
  } else if (await codeStep.isVisible()) {
    await page.getByLabel('OTP code').fill(await requiredOtpCode(origin, email));
    await page.getByRole('button', { name: 'Verify' }).click();
  }
  await page.waitForURL('**/dashboard');
  // The dashboard's code loads on demand: the shell is there once its navigation is.
  await page.getByRole('navigation', { name: 'Sezioni' }).waitFor();
}

export const sidebarLink = (page: Page, label: string): Locator =>
  page.getByRole('navigation', { name: 'Sezioni' }).getByRole('link', { name: label, exact: true });

/** Opens a dashboard view from the sidebar and waits for its heading. */
export async function openView(page: Page, label: string): Promise<void> {
  await sidebarLink(page, label).click();
  await page.getByRole('heading', { level: 1, name: label }).waitFor();
}

export const toast = (page: Page, message: string): Locator =>
  page.locator('[data-sonner-toast]').filter({ hasText: message }).first();
