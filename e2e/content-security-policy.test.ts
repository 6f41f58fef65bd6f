// Issue 14 in a real browser: the built app works under its own Content-Security-Policy. The
// landing, the access screen with its captcha worker and a toast, and the dashboard with its chart
// load with no violation reported, the styles allowed by hash apply, and a reset link's token
// leaves the address bar as soon as the page has read it.
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { ADMIN } from './support/server';
import { useServerAndBrowser } from './support/suite';
import { logIn, submitCredentials, toast } from './support/ui';

const e2e = useServerAndBrowser();

/** The console lines in which Chromium reports something the policy blocked. */
function watchViolations(page: Page): string[] {
  const violations: string[] = [];
  page.on('console', (message) => {
    if (message.text().includes('Content Security Policy')) violations.push(message.text());
  });
  return violations;
}

const computedPosition = (page: Page, selector: string) =>
  page
    .locator(selector)
    .first()
    .evaluate((element) => getComputedStyle(element).position);

describe('content security policy', () => {
  it('lets the landing, the access screen and the dashboard work without a violation', async () => {
    const page = await e2e.openPage();
    const violations = watchViolations(page);
    const landing = await page.goto('/');
    expect(landing?.headers()['content-security-policy']).toContain("script-src 'self'");
    await page.getByRole('heading', { name: 'Your Reliable Investment Partner' }).waitFor();

    await page.goto('/login');
    // The captcha's proof of work runs in a Web Worker loaded from the build.
    await page.getByRole('button', { name: 'Not a customer? Contact us' }).click();
    await page.getByRole('status').filter({ hasText: 'Verified' }).waitFor({ timeout: 20_000 });
    await page.getByRole('button', { name: 'Already have an account? Login' }).click();
    await submitCredentials(page, ADMIN.email, 'not-the-password');
    await toast(page, 'Invalid credentials or OTP error').waitFor();
    // sonner's own stylesheet, a <style> element allowed by its hash, places the toasts.
    expect(await computedPosition(page, '[data-sonner-toaster]')).toBe('fixed');

    await logIn(page, ADMIN.email, ADMIN.password);
    await page.locator('.profit-loss-chart canvas').first().waitFor();
    // lightweight-charts' attribution logo, styled by the other hashed <style> element.
    expect(await computedPosition(page, '#tv-attr-logo')).toBe('absolute');
    expect(violations).toEqual([]);
  });

  it("takes a reset link's token out of the address bar", async () => {
    const page = await e2e.openPage();
    const violations = watchViolations(page);
    await page.goto('/reset-password?token=not-a-real-token');
    await page.getByRole('heading', { name: 'Reimposta la password' }).waitFor();
    await expect.poll(() => new URL(page.url()).search).toBe('');

    await page.goto('/login?token=not-a-real-token');
    await page.getByRole('heading', { name: 'Reset Password' }).waitFor();
    await expect.poll(() => new URL(page.url()).search).toBe('');
    expect(violations).toEqual([]);
  });
});
