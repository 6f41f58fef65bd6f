// A customer ready to invest, through the API as a user would be: an owner signed in with a demo
// account, and an algorithm on GOLD an admin added. For tests of the bots and what they write.
import type { Account, Investment } from '@platform/contracts';
import { API } from '@platform/contracts/api';
import { requestOf } from '@platform/contracts';
import { createUser, login } from './factories';
import type { TestApp } from './test-app';

/** `accountId`: the broker's id of the account, for tests with several owners' accounts (each unique). */
export async function demoInvestor(testApp: TestApp, accountId = 'DEMO-LIVE') {
  const ownerToken = (await login(testApp, await createUser(testApp))).jwt;
  const adminToken = (await login(testApp, await createUser(testApp, { role: 'admin' }))).jwt;
  const account = await testApp.call<Account>({
    ...requestOf(API.accounts.add),
    token: ownerToken,
    payload: { accountId, isDemo: true, username: 'demo', password: 'demo' },
  });
  const algorithm = await testApp.call<{ _id: string }>({
    ...requestOf(API.algorithms.add),
    token: adminToken,
    payload: { name: 'Grid GOLD', description: 'Griglia', minCapital: 1000, market: 'GOLD' },
  });
  /** A new investment of 10,000 EUR on the account; `parameters` override its SA code and cap. */
  const invest = async (parameters: Record<string, number> = {}) =>
    (
      await testApp.call<Investment>({
        ...requestOf(API.investments.add),
        token: ownerToken,
        payload: {
          accountId: account.body.data._id,
          algorithmId: algorithm.body.data._id,
          capital: 10_000,
          parameters: { leverage: 20, size: 1, additional: 0.5, maxcontracts: 10, ...parameters },
        },
      })
    ).body.data;
  return { ownerToken, invest };
}
