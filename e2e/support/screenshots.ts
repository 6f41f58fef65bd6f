// Screenshots of each screen at the desktop and the narrow width, for people to look at
// (e2e/screenshots/ is git-ignored).
import { mkdir } from 'node:fs/promises';
import { join, resolve } from 'node:path';
import type { Page } from 'playwright-core';
import { VIEWPORTS } from './browser';

const SCREENSHOT_DIR = resolve(import.meta.dirname, '../screenshots');

const WIDTHS = { '1280': VIEWPORTS.desktop, '768': VIEWPORTS.tablet, '480': VIEWPORTS.mobile } as const;
export type ScreenshotWidth = keyof typeof WIDTHS;

/** Saves <name>-<width>.png at each width (1280 and 480 unless told), then restores the desktop width. */
export async function captureScreen(
  page: Page,
  name: string,
  widths: readonly ScreenshotWidth[] = ['1280', '480'],
): Promise<void> {
  await mkdir(SCREENSHOT_DIR, { recursive: true });
  for (const [label, viewport] of widths.map((width) => [width, WIDTHS[width]] as const)) {
    await page.setViewportSize(viewport);
    await page.screenshot({
      path: join(SCREENSHOT_DIR, `${name}-${label}.png`),
      fullPage: true,
      animations: 'disabled',
    });
  }
  await page.setViewportSize(VIEWPORTS.desktop);
}
