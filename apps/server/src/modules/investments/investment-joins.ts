// An investment with the rows it hangs from: the broker account it trades on, the algorithm it
// runs and, for the views that name them, the account's owner. Investments, alerts, bots and
// statements read an investment with some of them, so the joins are written once, here.
import { accounts, algorithms, investments, users } from '@platform/db';
import { eq } from 'drizzle-orm';
import type { PgSelect } from 'drizzle-orm/pg-core';

/** Joins the investment's account and algorithm to a select from investments (made $dynamic()). */
export const withAccountAndAlgorithm = <T extends PgSelect>(query: T) =>
  query
    .innerJoin(accounts, eq(accounts.id, investments.accountId))
    .innerJoin(algorithms, eq(algorithms.id, investments.algorithmId));

/** The same, with the account's owner (users) joined too. */
export const withAccountOwnerAndAlgorithm = <T extends PgSelect>(query: T) =>
  withAccountAndAlgorithm(query).innerJoin(users, eq(users.id, accounts.ownerId));
