// The frame of a test file whose scenarios run in order on one server and one browser: each
// scenario gets a page of its own, closed after it, and fails if the page threw.
import type { Browser, Page } from 'playwright-core';
import { afterAll, afterEach, beforeAll, expect } from 'vitest';
import { launchBrowser, openAppPage, type AppPage } from './browser';
import { startServer, type RunningServer, type StartServerOptions } from './server';

export interface E2eSuite {
  /** The file's server, there from its first beforeAll on. */
  readonly server: RunningServer;
  /** A page in a fresh context (empty storage) on the app under test. */
  openPage(): Promise<Page>;
}

/** Registers the file's hooks; call it at the top of the file, before its own hooks. */
export function useServerAndBrowser(serverOptions: StartServerOptions = {}): E2eSuite {
  let server: RunningServer | undefined;
  let browser: Browser | undefined;
  let app: AppPage | undefined;

  beforeAll(async () => {
    const [started, launched] = await Promise.allSettled([startServer(serverOptions), launchBrowser()]);
    // Each half that started is kept for afterAll to stop, even when the other failed: a server
    // left running would leave its pm2 daemon and bots behind.
    if (started.status === 'fulfilled') server = started.value;
    if (launched.status === 'fulfilled') browser = launched.value;
    for (const result of [started, launched]) if (result.status === 'rejected') throw result.reason;
  });

  afterAll(async () => {
    await browser?.close();
    await server?.stop();
  });

  afterEach(async () => {
    if (!app) return;
    const errors = app.pageErrors;
    await app.close();
    app = undefined;
    expect(errors).toEqual([]);
  });

  return {
    get server() {
      if (!server) throw new Error('The server starts in beforeAll.');
      return server;
    },
    async openPage() {
      if (!browser || !server) throw new Error('The browser starts in beforeAll.');
      app = await openAppPage(browser, server.baseUrl);
      return app.page;
    },
  };
}
