// One running investment per Capital.com account and market (issue 32). Capital.com takes no
// client order id, so a bot recognises its own positions by market, size and time: two bots on
// one account and market could each claim the other's. A paper account is not limited: its book
// keeps every position under our own reference. The check runs in the transaction that sets the
// investment running, on its account's locked row, so two starts cannot both pass it.
import { INVESTMENT_MESSAGES } from '@platform/contracts';
import { badRequest } from '../../lib/errors';
import type { InvestmentsRepository } from './investments.repository';

/** Where demo accounts trade (DEMO_BROKER): the paper broker, or Capital.com's demo server. */
export type DemoBroker = 'paper' | 'capital';

/** Whether the account's bots trade on Capital.com: a live account, or a demo one sent there (as BotsService.setup decides). */
export const tradesOnCapital = (isDemo: boolean, demoBroker: DemoBroker) =>
  !isDemo || demoBroker === 'capital';

/**
 * Refuses (400, INVESTMENT_MESSAGES.capitalOnePerMarket) to let an investment of this account and
 * algorithm run while another on the same Capital.com account and market runs. `repository` must
 * be bound to the transaction that then writes the state; `exceptId` is the investment itself.
 */
export async function assertMayRun(
  repository: InvestmentsRepository,
  demoBroker: DemoBroker,
  investment: { accountId: string; algorithmId: string },
  exceptId: string | null,
): Promise<void> {
  const account = await repository.lockAccount(investment.accountId);
  if (!account || !tradesOnCapital(account.isDemo, demoBroker)) return;
  const market = await repository.marketOf(investment.algorithmId);
  if (market && (await repository.otherRunsOnMarket(account.id, market, exceptId)))
    throw badRequest(INVESTMENT_MESSAGES.capitalOnePerMarket(account.accountId, market));
}
