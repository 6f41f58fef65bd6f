// The leases by which bot hosts share the running investments on one PostgreSQL (issue 34,
// DESIGN.md section 7 'At scale'): a host keeps a heartbeat, renews the accounts it holds, lets go
// of those with nothing left to run, and claims unheld or expired ones up to its share; a host
// below its share asks for the surplus of hosts above theirs, and a host asked for an account
// stops renewing it (and stops its bots), so that it passes over once its lease has run out. Every
// time is the database's (now()), so the hosts' clocks never matter; a claim races another host's
// safely, since an account's row is taken over only once its lease has expired.
import { INVESTMENT_RUNNING } from '@platform/contracts';
import { queryRows, type Database } from '@platform/db';
import { sql } from 'drizzle-orm';

export interface AccountToClaim {
  accountId: string;
  /** Its running investments: the bots it would add to the host. */
  bots: number;
}

export interface HostShare {
  /** Live hosts, this one included. */
  hosts: number;
  /** Accounts with running investments, held or not. */
  accounts: number;
  /** Accounts this host has asked for whose holder's lease has not yet run out. */
  asked: number;
}

/** An account a host holds beyond its fair share, which another may ask for. */
export interface SurplusAccount extends AccountToClaim {
  host: string;
}

const leaseEnd = (leaseMs: number) => sql`now() + ${leaseMs} * interval '1 millisecond'`;

export class BotLeasesRepository {
  constructor(private readonly db: Database) {}

  /** The host's heartbeat: it counts among the live hosts until the lease time from now. */
  async beat(host: string, capacity: number, leaseMs: number): Promise<void> {
    await this.db.execute(sql`
      INSERT INTO bot_hosts (name, heartbeat_expires_at, capacity)
      VALUES (${host}, ${leaseEnd(leaseMs)}, ${capacity})
      ON CONFLICT (name) DO UPDATE
      SET heartbeat_expires_at = EXCLUDED.heartbeat_expires_at, capacity = EXCLUDED.capacity`);
  }

  /**
   * Extends the leases the host holds, but not those another host has asked for, which run out;
   * answers the accounts it still holds.
   */
  async renew(host: string, leaseMs: number): Promise<string[]> {
    const rows = await queryRows<{ account_id: string }>(
      this.db,
      sql`
      UPDATE bot_leases SET expires_at = ${leaseEnd(leaseMs)}
      WHERE host = ${host} AND wanted_by IS NULL
      RETURNING account_id`,
    );
    return rows.map((row) => row.account_id);
  }

  /** Gives up the accounts of the host that have no running investment any more. */
  async releaseIdle(host: string): Promise<void> {
    await this.db.execute(sql`
      DELETE FROM bot_leases l
      WHERE l.host = ${host}
        AND NOT EXISTS (
          SELECT 1 FROM investments i WHERE i.account_id = l.account_id AND i.is_running = ${INVESTMENT_RUNNING})`);
  }

  /** How many hosts share how many accounts, and how many the host has asked for. */
  async share(host: string): Promise<HostShare> {
    const [row] = await queryRows<{ hosts: number; accounts: number; asked: number }>(
      this.db,
      sql`
      SELECT (SELECT count(*)::int FROM bot_hosts WHERE heartbeat_expires_at > now()) AS hosts,
             (SELECT count(DISTINCT account_id)::int FROM investments WHERE is_running = ${INVESTMENT_RUNNING}) AS accounts,
             (SELECT count(*)::int FROM bot_leases WHERE wanted_by = ${host} AND expires_at >= now()) AS asked`,
    );
    return {
      hosts: Math.max(1, Number(row?.hosts ?? 1)),
      accounts: Number(row?.accounts ?? 0),
      asked: Number(row?.asked ?? 0),
    };
  }

  /**
   * The accounts other hosts hold beyond the fair share, which no host has asked for yet: of each
   * such host its most recently taken ones, as many as it holds above the share.
   */
  async surplus(host: string, fairShare: number, limit: number): Promise<SurplusAccount[]> {
    const rows = await queryRows<{ account_id: string; host: string; bots: number }>(
      this.db,
      sql`
      SELECT account_id, host, bots FROM (
        SELECT l.account_id, l.host,
               (SELECT count(*)::int FROM investments i
                WHERE i.account_id = l.account_id AND i.is_running = ${INVESTMENT_RUNNING}) AS bots,
               row_number() OVER (PARTITION BY l.host ORDER BY l.acquired_at DESC, l.account_id) AS rank,
               count(*) OVER (PARTITION BY l.host) AS held
        FROM bot_leases l
        WHERE l.host <> ${host} AND l.wanted_by IS NULL AND l.expires_at >= now()
      ) AS leases
      WHERE rank <= held - ${fairShare}
      ORDER BY rank, account_id
      LIMIT ${limit}`,
    );
    return rows.map((row) => ({ accountId: row.account_id, host: row.host, bots: Number(row.bots) }));
  }

  /** Asks for accounts other hosts hold: answers those asked for now (another may have been first). */
  async ask(host: string, accountIds: readonly string[]): Promise<string[]> {
    if (accountIds.length === 0) return [];
    const rows = await queryRows<{ account_id: string }>(
      this.db,
      sql`
      UPDATE bot_leases SET wanted_by = ${host}
      WHERE account_id IN (${sql.join(
        accountIds.map((id) => sql`${id}::uuid`),
        sql`, `,
      )}) AND host <> ${host} AND wanted_by IS NULL AND expires_at >= now()
      RETURNING account_id`,
    );
    return rows.map((row) => row.account_id);
  }

  /** Accounts with running investments that no live lease holds, oldest first. */
  async claimable(limit: number): Promise<AccountToClaim[]> {
    const rows = await queryRows<{ account_id: string; bots: number }>(
      this.db,
      sql`
      SELECT i.account_id, count(*)::int AS bots
      FROM investments i
      LEFT JOIN bot_leases l ON l.account_id = i.account_id
      WHERE i.is_running = ${INVESTMENT_RUNNING} AND (l.account_id IS NULL OR l.expires_at < now())
      GROUP BY i.account_id
      ORDER BY min(i.created_at), i.account_id
      LIMIT ${limit}`,
    );
    return rows.map((row) => ({ accountId: row.account_id, bots: Number(row.bots) }));
  }

  /** Takes the accounts no live lease holds; answers those this host got (another may win a race). */
  async claim(host: string, accountIds: readonly string[], leaseMs: number): Promise<string[]> {
    if (accountIds.length === 0) return [];
    const ids = sql.join(
      accountIds.map((id) => sql`(${id}::uuid)`),
      sql`, `,
    );
    const rows = await queryRows<{ account_id: string }>(
      this.db,
      sql`
      INSERT INTO bot_leases (account_id, host, expires_at)
      SELECT id, ${host}, ${leaseEnd(leaseMs)} FROM (VALUES ${ids}) AS wanted (id)
      ON CONFLICT (account_id) DO UPDATE
      SET host = EXCLUDED.host, expires_at = EXCLUDED.expires_at, acquired_at = now(), wanted_by = NULL
      WHERE bot_leases.expires_at < now()
      RETURNING account_id`,
    );
    return rows.map((row) => row.account_id);
  }

  /** The accounts of the host that another host asked for, with every investment on them. */
  async askedOf(host: string): Promise<{ accountId: string; investmentIds: string[] }[]> {
    const rows = await queryRows<{ account_id: string; investment_id: string | null }>(
      this.db,
      sql`
      SELECT l.account_id, i.id AS investment_id
      FROM bot_leases l LEFT JOIN investments i ON i.account_id = l.account_id
      WHERE l.host = ${host} AND l.wanted_by IS NOT NULL`,
    );
    const accounts = new Map<string, string[]>();
    for (const row of rows) {
      const ids = accounts.get(row.account_id) ?? [];
      if (row.investment_id) ids.push(row.investment_id);
      accounts.set(row.account_id, ids);
    }
    return [...accounts].map(([accountId, investmentIds]) => ({ accountId, investmentIds }));
  }

  /** Gives asked-for accounts up before their lease's end: the host's bots on them have stopped. */
  async handOver(host: string, accountIds: readonly string[]): Promise<void> {
    if (accountIds.length === 0) return;
    await this.db.execute(sql`
      DELETE FROM bot_leases
      WHERE host = ${host} AND wanted_by IS NOT NULL AND account_id IN (${sql.join(
        accountIds.map((id) => sql`${id}::uuid`),
        sql`, `,
      )})`);
  }

  /** The running investments of the accounts the host holds and no other host has asked for. */
  async runningOf(host: string): Promise<string[]> {
    const rows = await queryRows<{ id: string }>(
      this.db,
      sql`
      SELECT i.id FROM investments i JOIN bot_leases l ON l.account_id = i.account_id
      WHERE l.host = ${host} AND l.wanted_by IS NULL AND i.is_running = ${INVESTMENT_RUNNING}`,
    );
    return rows.map((row) => row.id);
  }

  /**
   * Takes or keeps a duty one process holds at a time (the price feed): true while this holder has
   * it, for the lease time from now; another takes it only once its lease has expired.
   */
  async holdDuty(name: string, holder: string, leaseMs: number): Promise<boolean> {
    const rows = await queryRows<{ holder: string }>(
      this.db,
      sql`
      INSERT INTO singleton_leases (name, holder, expires_at) VALUES (${name}, ${holder}, ${leaseEnd(leaseMs)})
      ON CONFLICT (name) DO UPDATE SET holder = EXCLUDED.holder, expires_at = EXCLUDED.expires_at
      WHERE singleton_leases.holder = EXCLUDED.holder OR singleton_leases.expires_at < now()
      RETURNING holder`,
    );
    return rows.length > 0;
  }

  async releaseDuty(name: string, holder: string): Promise<void> {
    await this.db.execute(sql`DELETE FROM singleton_leases WHERE name = ${name} AND holder = ${holder}`);
  }

  /** A host that stops on purpose lets its accounts go at once, for another to take without waiting. */
  async releaseAll(host: string): Promise<void> {
    await this.db.execute(sql`DELETE FROM bot_leases WHERE host = ${host}`);
    await this.db.execute(sql`DELETE FROM bot_hosts WHERE name = ${host}`);
  }
}
