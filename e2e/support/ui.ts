// What the browser tests do on the way to what they test: logging in through the access screen,
// opening a dashboard view from the sidebar, finding a toast.
import type { Locator, Page } from 'playwright-core';

/** Fills the login form and submits it. */
export async function submitCredentials(page: Page, email: string, password: string): Promise<void> {
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password', { exact: true }).fill(password);
  await page.getByRole('button', { name: 'Login', exact: true }).click();
}

/** Logs in on the access screen; the OTP setup offered at a first login is skipped. */
export async function logIn(page: Page, email: string, password: string): Promise<void> {
  await page.goto('/login');
  await submitCredentials(page, email, password);
  const setup = page.getByRole('heading', { name: 'Enable OTP' });
  await Promise.race([setup.waitFor(), page.waitForURL('**/dashboard')]);
  if (await setup.isVisible()) await page.getByRole('button', { name: 'Skip for now' }).click();
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
