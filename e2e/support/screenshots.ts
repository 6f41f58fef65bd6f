// Screenshots of each screen at the desktop and the narrow width, for people to look at
// (e2e/screenshots/ is git-ignored).
import { mkdir } from 'node:fs/promises';
import { join, resolve } from 'node:path';
import type { Page } from 'playwright-core';
import { VIEWPORTS } from './browser';

const SCREENSHOT_DIR = resolve(import.meta.dirname, '../screenshots');

/** Saves <name>-1280.png and <name>-480.png, then restores the desktop width. */
export async function captureScreen(page: Page, name: string): Promise<void> {
  await mkdir(SCREENSHOT_DIR, { recursive: true });
  for (const [label, viewport] of [
    ['1280', VIEWPORTS.desktop],
    ['480', VIEWPORTS.mobile],
  ] as const) {
    await page.setViewportSize(viewport);
    await page.screenshot({ path: join(SCREENSHOT_DIR, `${name}-${label}.png`), fullPage: true, animations: 'disabled' });
  }
  await page.setViewportSize(VIEWPORTS.desktop);
}
