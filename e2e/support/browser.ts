// Debian's Chromium driven by playwright-core (no downloaded browsers), headless and quiet.
import { chromium, type Browser, type Page } from 'playwright-core';

export const CHROMIUM_PATH = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

/** Headless, and nothing of its own on the network (updates, sync, QUIC) while a test measures or waits. */
export const CHROMIUM_FLAGS = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];

export const VIEWPORTS = {
  desktop: { width: 1280, height: 800 },
  tablet: { width: 768, height: 900 },
  mobile: { width: 480, height: 900 },
} as const;

export function launchBrowser(): Promise<Browser> {
  return chromium.launch({
    executablePath: CHROMIUM_PATH,
    args: CHROMIUM_FLAGS,
  });
}

export interface AppPage {
  page: Page;
  /** Uncaught errors of the page so far; a test ends by expecting none. */
  pageErrors: string[];
  close(): Promise<void>;
}

/** A page in a fresh context (empty storage) on the app under test. */
export async function openAppPage(browser: Browser, baseUrl: string): Promise<AppPage> {
  const context = await browser.newContext({
    baseURL: baseUrl,
    viewport: VIEWPORTS.desktop,
    locale: 'it-IT',
  });
  const page = await context.newPage();
  const pageErrors: string[] = [];
  page.on('pageerror', (error) => pageErrors.push(error.message));
  return { page, pageErrors, close: () => context.close() };
}
