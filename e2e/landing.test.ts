// The public site of issue 5 in a real browser on the built app: the landing's menu, hero, FAQ,
// numbers and newsletter, the legal pages, and the contact form from validation to an account: a
// visitor sends a request, the admin approves it in Users, the invitation arrives by mail, the
// new customer sets a password from its link and logs in. The scenarios run in order on one server.
import { API } from '@platform/contracts/api';
import { mkdir } from 'node:fs/promises';
import { join, resolve } from 'node:path';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { RESET_LINK, waitForMailLink } from './support/outbox';
import { ADMIN } from './support/server';
import { useServerAndBrowser } from './support/suite';
import { logIn, openView, toast, visit } from './support/ui';

// The one file whose server starts on an empty DATA_DIR, as on a first install (its database made
// by the server itself); the others copy the run's migrated template (support/server.ts).
const e2e = useServerAndBrowser({ emptyDataDir: true });

const VISITOR = { name: 'Luca Verdi', email: 'luca.verdi@example.com', password: 'Luca-Password-1' } as const;
const FIGURES = ['72,569,281 USD', '507,963,967 USD', '2,176,228,430 USD'];
const SCREENSHOT_DIR = resolve(import.meta.dirname, 'screenshots');
const WIDTHS = [
  { label: '1280', viewport: { width: 1280, height: 800 } },
  { label: '768', viewport: { width: 768, height: 1024 } },
  { label: '480', viewport: { width: 480, height: 900 } },
] as const;

/** Full-page screenshots at the three widths of the brief, back at the desktop width afterwards. */
async function captureWidths(page: Page, name: string): Promise<void> {
  await mkdir(SCREENSHOT_DIR, { recursive: true });
  for (const { label, viewport } of WIDTHS) {
    await page.setViewportSize(viewport);
    await page.evaluate(() => window.scrollTo({ top: 0, behavior: 'instant' }));
    await page.screenshot({
      path: join(SCREENSHOT_DIR, `${name}-${label}.png`),
      fullPage: true,
      animations: 'disabled',
    });
  }
  await page.setViewportSize(WIDTHS[0].viewport);
}

/** The figures as drawn on the numbers cards (the moving text, not the screen-reader copy). */
const drawnFigures = (page: Page) =>
  page.locator('.number-card__value [aria-hidden="true"]').allTextContents();

const menu = (page: Page) => page.getByRole('navigation', { name: 'Menu' });

/** Where the top of an element is, relative to the viewport. */
const topOf = (page: Page, selector: string) =>
  page.evaluate((css) => document.querySelector(css)?.getBoundingClientRect().top ?? Number.NaN, selector);

/** Waits until a section's top is under the header, where a link to it scrolls it (smoothly). */
const scrolledTo = (page: Page, selector: string) =>
  expect.poll(() => topOf(page, selector)).toBeLessThan(100);

describe('public site', () => {
  it('counts the numbers up from zero when they come into view, and shows every page at three widths', async () => {
    const page = await e2e.openPage();
    await visit(page, '/');
    await page.getByRole('heading', { name: 'Your Reliable Investment Partner' }).waitFor();
    expect(await drawnFigures(page)).toEqual(['0 USD', '0 USD', '0 USD']);

    await page.locator('#numbers').scrollIntoViewIfNeeded();
    await page.waitForTimeout(400);
    const midway = await drawnFigures(page);
    expect(midway).not.toEqual(FIGURES);
    await expect.poll(() => drawnFigures(page)).toEqual(FIGURES);

    await page.getByRole('button', { name: 'How do I open an account?' }).click();
    await captureWidths(page, 'landing');

    await page.getByRole('link', { name: 'Terms of Service' }).click();
    await page.getByRole('heading', { level: 1, name: 'Terms of Service' }).waitFor();
    await captureWidths(page, 'tos');
    await page.getByRole('link', { name: 'Privacy Policy' }).click();
    await page.getByRole('heading', { level: 1, name: 'Privacy Policy' }).waitFor();
  });

  it('darkens the header once scrolled, and the menu of /tos leads back to the home sections', async () => {
    const page = await e2e.openPage();
    await visit(page, '/');
    const header = page.getByRole('banner');
    const background = () => header.evaluate((element) => getComputedStyle(element).backgroundColor);
    expect(await background()).toBe('rgba(0, 0, 0, 0)');
    await page.mouse.wheel(0, 600);
    await expect.poll(background).not.toBe('rgba(0, 0, 0, 0)');

    await menu(page).getByRole('link', { name: 'FAQ' }).click();
    await scrolledTo(page, '#faq');

    await visit(page, '/tos');
    expect(await menu(page).getByRole('link', { name: 'About Us' }).getAttribute('href')).toBe('/#about');
    await menu(page).getByRole('link', { name: 'Platform' }).click();
    await page.waitForURL((url) => url.pathname === '/' && url.hash === '#platform');
    await scrolledTo(page, '#platform');

    await page.getByRole('link', { name: 'Login', exact: true }).click();
    await page.waitForURL('**/login');
  });

  it('opens the hamburger menu at 480px and closes it with Escape and with a click outside', async () => {
    const page = await e2e.openPage();
    await page.setViewportSize({ width: 480, height: 900 });
    await visit(page, '/');
    const toggle = page.getByRole('button', { name: 'Open menu' });
    const aboutLink = menu(page).getByRole('link', { name: 'About Us' });
    expect(await aboutLink.isVisible()).toBe(false);

    await toggle.click();
    await aboutLink.waitFor();
    // The links come right after the toggle for the keyboard.
    await page.keyboard.press('Tab');
    expect(await page.evaluate(() => document.activeElement?.textContent)).toBe('Home');
    await page.screenshot({ path: join(SCREENSHOT_DIR, 'landing-menu-480.png'), animations: 'disabled' });
    await page.keyboard.press('Escape');
    await aboutLink.waitFor({ state: 'hidden' });
    expect(await page.evaluate(() => document.activeElement?.getAttribute('aria-label'))).toBe('Open menu');

    await toggle.click();
    await aboutLink.waitFor();
    // The hero's side padding: outside the header, and on nothing that acts.
    await page.mouse.click(5, 600);
    await aboutLink.waitFor({ state: 'hidden' });

    // A menu link closes the menu and goes to its section.
    await toggle.click();
    await menu(page).getByRole('link', { name: 'Contact' }).click();
    await aboutLink.waitFor({ state: 'hidden' });
    await scrolledTo(page, '#contact');

    // The numbers are a carousel here, with one dot per card.
    const lastDot = page.getByRole('button', { name: 'Show 30 Days Volume' });
    await lastDot.scrollIntoViewIfNeeded();
    await lastDot.click();
    await expect.poll(() => lastDot.getAttribute('aria-pressed')).toBe('true');
    expect(await page.getByRole('button', { name: 'Show 24 Hour Volume' }).getAttribute('aria-pressed')).toBe(
      'false',
    );
  });

  it('keeps one FAQ answer open at a time, at most 200px tall', async () => {
    const page = await e2e.openPage();
    await visit(page, '/');
    const first = page.getByRole('button', { name: 'What is the minimum deposit?' });
    const second = page.getByRole('button', { name: 'Can I try the platform before investing?' });
    expect(await page.locator('#faq').getByRole('button').count()).toBe(6);
    expect(await first.getAttribute('aria-expanded')).toBe('false');

    await first.click();
    expect(await first.getAttribute('aria-expanded')).toBe('true');
    await page
      .getByRole('region', { name: 'What is the minimum deposit?' })
      .getByText('You can start with $50.')
      .waitFor();

    await second.click();
    expect(await second.getAttribute('aria-expanded')).toBe('true');
    expect(await first.getAttribute('aria-expanded')).toBe('false');
    const answer = page.getByRole('region', { name: 'Can I try the platform before investing?' });
    await answer.getByText('$100,000 of virtual funds').waitFor();
    // The answer slides open: its height limit reaches 200px once the transition ends.
    await expect.poll(() => answer.evaluate((element) => getComputedStyle(element).maxHeight)).toBe('200px');
    await page.getByRole('region', { name: 'What is the minimum deposit?' }).waitFor({ state: 'hidden' });

    await second.click();
    expect(await second.getAttribute('aria-expanded')).toBe('false');
  });

  it('scrolls to the platform after Discover and goes to /login after Start Trading Now, each 1 s later', async () => {
    const page = await e2e.openPage();
    await visit(page, '/');
    const pressedAt = Date.now();
    await page.getByRole('button', { name: 'Discover' }).click();
    await scrolledTo(page, '#platform');
    expect(Date.now() - pressedAt).toBeGreaterThanOrEqual(1000);
    expect(
      await page
        .locator('a[href^="https://"][target="_blank"]')
        .filter({ has: page.locator('.platform-mockup') })
        .count(),
    ).toBe(1);

    await page.evaluate(() => window.scrollTo({ top: 0, behavior: 'instant' }));
    await page.getByRole('button', { name: 'Start Trading Now' }).click();
    await page.waitForTimeout(500);
    expect(new URL(page.url()).pathname).toBe('/');
    await page.waitForURL('**/login');
  });

  it('thanks for the newsletter subscription 1 s later without calling the server, and wants an address', async () => {
    const page = await e2e.openPage();
    await visit(page, '/');
    const newsletter = page.getByRole('form', { name: 'Newsletter' });
    await newsletter.scrollIntoViewIfNeeded();
    await newsletter.getByRole('button', { name: 'Subscribe' }).click();
    await newsletter.getByText('Email is required').waitFor();

    await newsletter.getByLabel('Subscribe to our newsletter').fill('reader@example.com');
    // The contact form's captcha fetches its challenges and its solver's script on its own, when
    // it gets round to it: any other request would be the newsletter's.
    const calls: string[] = [];
    page.on('request', (request) => {
      const { pathname } = new URL(request.url());
      if (pathname !== API.auth.captcha.path && !pathname.startsWith('/assets/')) calls.push(request.url());
    });
    await newsletter.getByRole('button', { name: 'Subscribe' }).click();
    await page.waitForTimeout(500);
    expect(await newsletter.getByText('Thank you for subscribing to our newsletter!').count()).toBe(0);
    await newsletter.getByText('Thank you for subscribing to our newsletter!').waitFor();
    expect(calls).toEqual([]);
  });
});

describe('contact request to account', () => {
  it('validates the contact form and reports a refusal and a network failure', async () => {
    const page = await e2e.openPage();
    await visit(page, '/');
    const form = page.getByRole('form', { name: 'Contact form' });
    await form.scrollIntoViewIfNeeded();
    const send = form.getByRole('button', { name: 'Send Message' });

    // Errors show once a field is left.
    await form.getByLabel('Name').fill('L');
    await form.getByLabel('Email').focus();
    await form.getByText('Name must be at least 2 characters').waitFor();
    await form.getByLabel('Email').fill('not-an-address');
    await form.getByLabel('Message').focus();
    await form.getByText('Please enter a valid email address').waitFor();
    expect(await form.getByText('Message is required').count()).toBe(0);

    // Sending with errors marks every field.
    await form.getByText('Verified').waitFor();
    await send.click();
    await toast(page, 'Please fix the errors before submitting.').waitFor();
    await form.getByText('Message is required').waitFor();
    await form.getByLabel('Message').fill('Short');
    await form.getByText('Message must be at least 10 characters').waitFor();
    await form.getByLabel('Name').fill('');
    await form.getByText('Name is required').waitFor();
    await form.getByLabel('Email').fill('');
    await form.getByText('Email is required').waitFor();
    await page.setViewportSize({ width: 480, height: 900 });
    await form.screenshot({
      path: join(SCREENSHOT_DIR, 'landing-contact-errors-480.png'),
      animations: 'disabled',
    });
    await page.setViewportSize({ width: 1280, height: 800 });

    await form.getByLabel('Name').fill(VISITOR.name);
    await form.getByLabel('Email').fill(VISITOR.email);
    await form.getByLabel('Message').fill('I would like to invest with your algorithms.');

    const register = `**${API.auth.register.path}`;
    await page.route(register, (route) =>
      route.fulfill({
        status: 400,
        contentType: 'application/json',
        body: JSON.stringify({ ok: false, error: 'Refused.' }),
      }),
    );
    await send.click();
    await toast(page, 'Error sending message. Please try again.').waitFor();

    // The captcha starts over after each attempt: Send waits for it.
    await page.unroute(register);
    await page.route(register, (route) => route.abort('internetdisconnected'));
    await send.click();
    await toast(page, 'Network error. Please check your connection and try again.').waitFor();
    // The form keeps what was typed after a failure.
    expect(await form.getByLabel('Email').inputValue()).toBe(VISITOR.email);
  });

  it('sends the request of a visitor to /#contact', async () => {
    const page = await e2e.openPage();
    await visit(page, '/#contact');
    const form = page.getByRole('form', { name: 'Contact form' });
    await form.getByLabel('Name').fill(VISITOR.name);
    await form.getByLabel('Email').fill(VISITOR.email);
    await form.getByLabel('Message').fill('I would like to invest with your algorithms.');
    await form.getByRole('button', { name: 'Send Message' }).click();
    await toast(page, "Message sent successfully! We'll get back to you soon.").waitFor();
    expect(await form.getByLabel('Email').inputValue()).toBe('');
  });

  it('lets the admin approve the pending request in Users, which mails an invitation', async () => {
    const page = await e2e.openPage();
    await logIn(page, ADMIN.email, ADMIN.password);
    await openView(page, 'Users');
    const status = page.getByRole('combobox', { name: `Stato di ${VISITOR.email}` });
    await status.waitFor();
    expect(await status.inputValue()).toBe('pending');
    await status.selectOption('approved');
    await toast(page, 'Stato aggiornato con successo!').waitFor();
  });

  it('lets the new customer set a password from the invitation and log in', async () => {
    const link = await waitForMailLink(e2e.server.outboxDir, RESET_LINK);
    const page = await e2e.openPage();
    await page.goto(link);
    await page.getByLabel('Nuova password', { exact: true }).fill(VISITOR.password);
    await page.getByLabel('Conferma password', { exact: true }).fill(VISITOR.password);
    await page.getByRole('button', { name: 'Aggiorna password' }).click();
    await page.getByText('Password aggiornata con successo!').waitFor();
    await page.waitForURL('**/login');
    await logIn(page, VISITOR.email, VISITOR.password);
  });
});
