// Bot hosts sharing the running investments by leases in the database (issue 34), on PGlite and
// on PostgreSQL: each host its fair share, an account's bots on one host, a dead host's accounts
// taken over once its lease expired and never before, a race for one account won once, idle
// accounts let go; the price feed's one owner; and the notifications that carry prices and changes.
import { requestOf } from '@platform/contracts';
import { API } from '@platform/contracts/api';
import { botLeases, NOTIFICATIONS_CONNECTION, singletonLeases } from '@platform/db';
import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { HostLeases } from '../src/bots/host/host-leases';
import { BotLeasesRepository } from '../src/modules/bots/bot-leases.repository';
import { demoInvestor } from './support/demo-investor';
import { createTestApp, type TestApp } from './support/test-app';

const LEASE_MS = 60_000;
const silent = { info: () => undefined, warn: () => undefined };

/** Owners with an account each, and on each account running investments. */
async function accountsWithBots(testApp: TestApp, botsPerAccount: readonly number[]) {
  const accounts: { ownerToken: string; investments: string[] }[] = [];
  for (const [number, count] of botsPerAccount.entries()) {
    const { ownerToken, invest } = await demoInvestor(testApp, `DEMO-${number}`);
    const investments: string[] = [];
    for (let index = 0; index < count; index++) investments.push((await invest())._id);
    accounts.push({ ownerToken, investments });
  }
  return accounts;
}

function hostOf(testApp: TestApp, name: string, capacity = 100) {
  return new HostLeases({
    store: new BotLeasesRepository(testApp.database.db),
    host: name,
    capacity,
    leaseMs: LEASE_MS,
    logger: silent,
  });
}

/** What the database would see once the host's leases have run out (no waiting on the clock). */
async function expireLeasesOf(testApp: TestApp, host: string) {
  await testApp.database.db.execute(
    sql`UPDATE bot_leases SET expires_at = now() - interval '1 second' WHERE host = ${host}`,
  );
  await testApp.database.db.execute(
    sql`UPDATE bot_hosts SET heartbeat_expires_at = now() - interval '1 second' WHERE name = ${host}`,
  );
}

describe('bot hosts sharing the bots', () => {
  it('gives each live host its share of the accounts, an account’s bots all on one host', async () => {
    const testApp = await createTestApp();
    const accounts = await accountsWithBots(testApp, [2, 1, 1, 1]);
    const repository = new BotLeasesRepository(testApp.database.db);
    const first = hostOf(testApp, 'host-1');
    const second = hostOf(testApp, 'host-2');
    // Both beat before either claims, as hosts started together do within a renewal.
    await repository.beat('host-2', 100, LEASE_MS);
    await first.renewNow();
    await second.renewNow();

    expect(first.state().accounts).toBe(2);
    expect(second.state().accounts).toBe(2);
    const everyBot = [...first.runningInvestmentIds(), ...second.runningInvestmentIds()].sort();
    expect(everyBot).toEqual(accounts.flatMap((account) => account.investments).sort());
    const [twoBots] = accounts;
    const holder = first.holds(twoBots!.investments[0]!) ? first : second;
    expect(twoBots!.investments.every((id) => holder.holds(id))).toBe(true);
  });

  it('takes over a dead host’s accounts once its lease has expired, and not before', async () => {
    const testApp = await createTestApp();
    const [account] = await accountsWithBots(testApp, [1]);
    const bot = account!.investments[0]!;
    const dead = hostOf(testApp, 'dead');
    await dead.renewNow();
    const heir = hostOf(testApp, 'heir');

    await heir.renewNow();
    expect(heir.holds(bot)).toBe(false);

    await expireLeasesOf(testApp, 'dead');
    await heir.renewNow();
    expect(heir.holds(bot)).toBe(true);
    const rows = await testApp.database.db.select().from(botLeases);
    expect(rows.map((row) => row.host)).toEqual(['heir']);
  });

  it('gives a host that joins late its share, each account passing over once its lease has run out', async () => {
    const testApp = await createTestApp();
    const accounts = await accountsWithBots(testApp, [1, 1, 1, 1]);
    const first = hostOf(testApp, 'first');
    await first.renewNow();
    expect(first.state().accounts).toBe(4);
    const late = hostOf(testApp, 'late');
    const bots = accounts.flatMap((account) => account.investments);
    const onBoth = () => bots.filter((bot) => first.holds(bot) && late.holds(bot));

    await late.renewNow();
    await first.renewNow();
    const rows = await testApp.database.db.select().from(botLeases);
    expect(rows.filter((row) => row.wantedBy === 'late')).toHaveLength(2);
    expect(first.state().accounts).toBe(2);
    expect(late.state().accounts).toBe(0);
    expect(onBoth()).toEqual([]);

    await testApp.database.db.execute(
      sql`UPDATE bot_leases SET expires_at = now() - interval '1 second' WHERE wanted_by = 'late'`,
    );
    await late.renewNow();
    await first.renewNow();
    expect(late.state().accounts).toBe(2);
    expect(first.state().accounts).toBe(2);
    expect(onBoth()).toEqual([]);
    expect([...first.runningInvestmentIds(), ...late.runningInvestmentIds()].sort()).toEqual(
      [...bots].sort(),
    );
    const after = await testApp.database.db.select().from(botLeases);
    expect(after.filter((row) => row.wantedBy !== null)).toEqual([]);
  });

  it('hands an asked-for account over as soon as its bots have stopped', async () => {
    const testApp = await createTestApp();
    const accounts = await accountsWithBots(testApp, [1, 1]);
    const first = hostOf(testApp, 'first');
    await first.renewNow();
    const late = hostOf(testApp, 'late');
    await late.renewNow();
    await first.renewNow();
    const bots = accounts.flatMap((account) => account.investments);
    const given = bots.find((bot) => !first.holds(bot))!;

    // Its bot still in the first host's pm2: nothing passes yet.
    await first.handOver(new Set(bots));
    await late.renewNow();
    expect(late.holds(given)).toBe(false);

    await first.handOver(new Set(first.runningInvestmentIds()));
    await late.renewNow();
    expect(late.runningInvestmentIds()).toEqual([given]);
    expect(first.runningInvestmentIds()).toEqual(bots.filter((bot) => bot !== given));
  });

  it('lets one host win a race for an account', async () => {
    const testApp = await createTestApp();
    const [account] = await accountsWithBots(testApp, [1]);
    const repository = new BotLeasesRepository(testApp.database.db);
    const [accountId] = (await repository.claimable(10)).map((candidate) => candidate.accountId);

    const won = await Promise.all(
      ['racer-1', 'racer-2', 'racer-3'].map((host) => repository.claim(host, [accountId!], LEASE_MS)),
    );
    expect(won.flat()).toEqual([accountId]);
    expect(account!.investments).toHaveLength(1);
  });

  it('lets go of an account whose investments all stopped, and of every account when the host stops', async () => {
    const testApp = await createTestApp();
    const [stopping, staying] = await accountsWithBots(testApp, [1, 1]);
    const host = hostOf(testApp, 'tidy');
    await host.renewNow();
    expect(host.state().accounts).toBe(2);

    await testApp.call({
      ...requestOf(API.investments.requestDeletion, { id: stopping!.investments[0]! }),
      token: stopping!.ownerToken,
    });
    await host.renewNow();
    expect(host.runningInvestmentIds()).toEqual(staying!.investments);

    await host.close();
    expect(await testApp.database.db.select().from(botLeases)).toEqual([]);
  });

  it('gives the price feed to one process at a time, to another once its lease expired', async () => {
    const testApp = await createTestApp();
    const repository = new BotLeasesRepository(testApp.database.db);
    expect(await repository.holdDuty('price-feed', 'a', LEASE_MS)).toBe(true);
    expect(await repository.holdDuty('price-feed', 'b', LEASE_MS)).toBe(false);
    expect(await repository.holdDuty('price-feed', 'a', LEASE_MS)).toBe(true);

    await testApp.database.db.execute(
      sql`UPDATE singleton_leases SET expires_at = now() - interval '1 second'`,
    );
    expect(await repository.holdDuty('price-feed', 'b', LEASE_MS)).toBe(true);
    expect(await repository.holdDuty('price-feed', 'a', LEASE_MS)).toBe(false);
    await repository.releaseDuty('price-feed', 'b');
    expect(await testApp.database.db.select().from(singletonLeases)).toEqual([]);
  });
});

describe('notifications between processes', () => {
  it('delivers what is sent on a channel, in the order it was sent, to its listeners only', async () => {
    const testApp = await createTestApp();
    const { notifications } = testApp.database;
    const prices: string[] = [];
    const changes: string[] = [];
    const stopPrices = await notifications.listen('test_prices', (payload) => prices.push(payload));
    await notifications.listen('test_changes', (payload) => changes.push(payload));

    await Promise.all(
      Array.from({ length: 50 }, (_, index) => notifications.notify('test_prices', String(index))),
    );
    await notifications.notify('test_changes', 'changed');
    await expect.poll(() => changes).toEqual(['changed']);
    expect(prices).toEqual(Array.from({ length: 50 }, (_, index) => String(index)));

    await stopPrices();
    await notifications.notify('test_prices', 'unheard');
    await notifications.notify('test_changes', 'again');
    await expect.poll(() => changes).toEqual(['changed', 'again']);
    expect(prices).toHaveLength(50);
  });

  it.runIf(process.env.TEST_DB === 'postgres')('listens again after its connection was dropped', async () => {
    const testApp = await createTestApp();
    const { notifications, db } = testApp.database;
    const heard: string[] = [];
    let reconnects = 0;
    notifications.onReconnect(() => reconnects++);
    await notifications.listen('test_prices', (payload) => heard.push(payload));
    await notifications.notify('test_prices', 'before');
    await expect.poll(() => heard).toEqual(['before']);

    // The server ends the listening connection, as a restart of PostgreSQL or a network cut would.
    await db.execute(
      sql`SELECT pg_terminate_backend(pid) FROM pg_stat_activity
          WHERE datname = current_database() AND application_name = ${NOTIFICATIONS_CONNECTION}`,
    );
    await expect.poll(() => reconnects, { timeout: 10_000 }).toBeGreaterThan(0);
    await notifications.notify('test_prices', 'after');
    await expect.poll(() => heard).toEqual(['before', 'after']);
  });
});
