// Rows for every dashboard table, made through the API before a test looks at the screens: a
// customer invited by the admin, with an account, a finished single backtest and a finished
// analysis of one week of the seeded bars. The demo data gives the rest (the demo customer's
// account, investment and bot, the algorithms, the audit rows). Only what the tables show is
// made; the investment (and its bot) is the demo one, which the admin sees.
import { API } from '@platform/contracts/api';
import { api, apiLogin, createInvitedUser, type InvitedUser } from './api';
import type { RunningServer } from './server';

export const TABLES_CUSTOMER: InvitedUser = {
  firstname: 'Giulia',
  lastname: 'Bianchi',
  email: 'giulia.bianchi@example.com',
  password: 'Giulia-Password-1',
};

/** A week of the seeded synthetic bars: quick to run. */
const PERIOD = { from: '2025-06-23', to: '2025-06-27' } as const;
const JOB_TIMEOUT_MS = 90_000;

export async function seedDashboardTables(server: RunningServer): Promise<void> {
  await createInvitedUser(server, TABLES_CUSTOMER);
  const jwt = await apiLogin(server, TABLES_CUSTOMER.email, TABLES_CUSTOMER.password);
  const made = await Promise.all([
    api(server, API.accounts.add, {
      jwt,
      body: {
        accountId: 'GB-0001',
        isDemo: true,
        username: 'giulia.capital',
        password: 'Capital-Secret-1',
        apikey: '',
      },
    }),
    api(server, API.backtests.create, {
      jwt,
      body: {
        config: {
          type: 'single',
          capital: 10_000,
          accountType: 'retail',
          leverage: 20,
          market: 'GOLD',
          worst: 300,
          safeWorst: 400,
          ...PERIOD,
        },
      },
    }),
    api(server, API.analyses.create, { jwt, body: { market: 'GOLD', ...PERIOD } }),
  ]);
  for (const answer of made) if (!answer.ok) throw new Error(`Seeding the tables failed: ${answer.error}`);
  // Finished jobs, so the rows carry their view and delete buttons.
  const finished = async () => {
    const lists = await Promise.all([
      api(server, API.backtests.list, { jwt }),
      api(server, API.analyses.list, { jwt }),
    ]);
    return lists.every(
      ({ data }) => (data ?? []).length > 0 && (data ?? []).every((job) => job.isCompleted === 2),
    );
  };
  const deadline = Date.now() + JOB_TIMEOUT_MS;
  while (!(await finished())) {
    if (Date.now() > deadline) throw new Error('The seeded backtest and analysis did not finish in time.');
    await new Promise((wake) => setTimeout(wake, 500));
  }
}
