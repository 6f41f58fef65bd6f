// The server's Capital.com accounts (DESIGN.md section 7: "bots of one account share one session
// and one request budget"): one link per account (capital-link.ts), made when its first bot says
// hello and kept while any of its bots is connected, so three bots on one account log in once,
// spend one budget of requests and share one quote stream. Credentials are decrypted here, in the
// server, which holds the key anyway; bot processes never see them (nor the key). A change of the
// account's credentials makes a new link for the bots restarted after it.
import { createHash } from 'node:crypto';
import type { AtRestCipher } from '../../lib/crypto';
import { cellOf, SEALED_COLUMNS, type SealedColumn } from '../../lib/sealed-columns';
import { CapitalAccountLink, type CapitalAccountLinkOptions } from '../brokers/capital/capital-link';
import {
  DEFAULT_CAPITAL_API_URL,
  DEFAULT_CAPITAL_DEMO_API_URL,
  DEFAULT_CAPITAL_DEMO_STREAM_URL,
  DEFAULT_CAPITAL_STREAM_URL,
} from '../brokers/capital/capital-hosts';
import { realTimers } from '../timers';
import type { CapitalAccountSecrets } from '../protocol/hub-protocol';
import type { Logger } from '../../lib/logger';

/** Capital.com's hosts as configured (CAPITAL_API_URL, CAPITAL_DEMO_API_URL, CAPITAL_STREAM_URL); unset: Capital.com's own. */
export interface CapitalHosts {
  apiUrl?: string;
  demoApiUrl?: string;
  streamUrl?: string;
}

export interface CapitalLinksOptions {
  /** The broker-credentials cipher (the server's keys, the previous ones during a rotation). */
  cipher: AtRestCipher;
  hosts: CapitalHosts;
  logger: Pick<Logger, 'info' | 'warn'>;
  /** What tests shorten (timeouts, login spacing). */
  link?: Partial<CapitalAccountLinkOptions>;
}

interface Held {
  link: CapitalAccountLink;
  /** The credentials it was made with: other ones make another link. */
  fingerprint: string;
  users: number;
}

export class CapitalLinks {
  readonly #links = new Map<string, Held>();

  constructor(private readonly options: CapitalLinksOptions) {}

  /** The account's link, for one more bot; `release` when that bot is gone. */
  acquire(setup: CapitalAccountSecrets): CapitalAccountLink {
    const fingerprint = createHash('sha256')
      .update([setup.identifier, setup.password, setup.apiKey ?? '', String(setup.demo)].join('\n'))
      .digest('hex');
    const held = this.#links.get(setup.accountRowId);
    if (held && held.fingerprint === fingerprint) {
      held.users += 1;
      return held.link;
    }
    if (held) void this.#close(setup.accountRowId, held);
    const link = this.#open(setup);
    this.#links.set(setup.accountRowId, { link, fingerprint, users: 1 });
    return link;
  }

  release(accountRowId: string, link: CapitalAccountLink): void {
    const held = this.#links.get(accountRowId);
    if (!held || held.link !== link) return void link.close();
    held.users -= 1;
    if (held.users <= 0) void this.#close(accountRowId, held);
  }

  /** The account's link while one of its bots runs (tests read its budget). */
  linkOf(accountRowId: string): CapitalAccountLink | null {
    return this.#links.get(accountRowId)?.link ?? null;
  }

  async close(): Promise<void> {
    await Promise.all([...this.#links].map(([id, held]) => this.#close(id, held)));
  }

  #open(setup: CapitalAccountSecrets): CapitalAccountLink {
    const { cipher, hosts, logger } = this.options;
    const open = (stored: string, column: SealedColumn) =>
      cipher.decrypt(stored, cellOf(column, setup.accountRowId));
    return new CapitalAccountLink({
      apiUrl: setup.demo
        ? (hosts.demoApiUrl ?? DEFAULT_CAPITAL_DEMO_API_URL)
        : (hosts.apiUrl ?? DEFAULT_CAPITAL_API_URL),
      streamUrl:
        hosts.streamUrl ?? (setup.demo ? DEFAULT_CAPITAL_DEMO_STREAM_URL : DEFAULT_CAPITAL_STREAM_URL),
      credentials: {
        identifier: open(setup.identifier, SEALED_COLUMNS.accountUsername),
        password: open(setup.password, SEALED_COLUMNS.accountPassword),
        apiKey: setup.apiKey ? open(setup.apiKey, SEALED_COLUMNS.accountApiKey) : '',
      },
      logger,
      timers: realTimers,
      ...this.options.link,
    });
  }

  async #close(accountRowId: string, held: Held): Promise<void> {
    if (this.#links.get(accountRowId) === held) this.#links.delete(accountRowId);
    await held.link.close().catch(() => undefined);
  }
}
