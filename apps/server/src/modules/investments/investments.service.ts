// Investments put an account to work with an algorithm. The rules of the form hold here too:
// capital at least the algorithm's minimum, leverage within the owner's limit (20, or 200 for
// pro), positive sizing. A new investment runs at once (its bot starts); an edit starts its bot
// again with the new figures, and takes one that stopped on an error back to running. Deletion is
// a request: the bot stops, positions stay open.
import {
  INVESTMENT_DELETION_REQUESTED,
  INVESTMENT_FAILED,
  INVESTMENT_MESSAGES,
  INVESTMENT_RUNNING,
  leverageLimitMessage,
  maxLeverageFor,
  minCapitalMessage,
  type Investment,
  type InvestmentFormInput,
  type Role,
} from '@platform/contracts';
import { badRequest, notFound } from '../../lib/errors';
import type { RequestOrigin } from '../../lib/http';
import type { AuditTrail } from '../logs/logs.service';
import type { InvestmentsRepository, InvestmentValues } from './investments.repository';

/** The bot supervisor, as the services see it: told what changed, it starts and stops bots. */
export interface BotControl {
  investmentChanged(investmentId: string): void;
  accountChanged(accountId: string): void;
}

export interface InvestmentsViewer {
  id: string;
  role: Role;
}

type InvestmentListRow = NonNullable<Awaited<ReturnType<InvestmentsRepository['findById']>>>;

function toInvestment({ investment, account, owner, algorithm }: InvestmentListRow): Investment {
  return {
    _id: investment.id,
    account: {
      _id: account.id,
      accountId: account.accountId,
      username: owner.username,
      owner: { _id: owner.id, username: owner.username, isPro: owner.isPro },
    },
    algorithm: { _id: algorithm.id, name: algorithm.name },
    capital: investment.capital,
    parameters: {
      leverage: investment.leverage,
      size: investment.size,
      additional: investment.additional,
      maxcontracts: investment.maxContracts,
    },
    isRunning: investment.isRunning,
    statusMessage: investment.statusMessage,
  };
}

export class InvestmentsService {
  constructor(
    private readonly repository: InvestmentsRepository,
    private readonly audit: AuditTrail,
    private readonly bots: BotControl,
  ) {}

  async list(viewer: InvestmentsViewer): Promise<Investment[]> {
    return (await this.repository.list(viewer.role === 'admin' ? undefined : viewer.id)).map(toInvestment);
  }

  async create(
    viewer: InvestmentsViewer,
    form: InvestmentFormInput,
    origin: RequestOrigin,
  ): Promise<Investment> {
    const id = await this.repository.insert({
      ...(await this.validValues(viewer, form)),
      isRunning: INVESTMENT_RUNNING,
    });
    await this.audit.record({
      action: 'INVESTMENT_CREATED',
      description: 'Investimento aggiunto',
      userId: viewer.id,
      origin,
      metadata: { investmentId: id, ...form },
    });
    this.bots.investmentChanged(id);
    return toInvestment(await this.mustFind(id));
  }

  async update(
    viewer: InvestmentsViewer,
    id: string,
    form: InvestmentFormInput,
    origin: RequestOrigin,
  ): Promise<Investment> {
    const current = await this.findVisible(viewer, id);
    // An edit is how an owner mends what stopped a bot (state 2): it runs again with the new figures.
    const restart =
      current.investment.isRunning === INVESTMENT_FAILED
        ? { isRunning: INVESTMENT_RUNNING, statusMessage: null }
        : {};
    await this.repository.update(id, { ...(await this.validValues(viewer, form)), ...restart });
    await this.audit.record({
      action: 'INVESTMENT_UPDATED',
      description: 'Investimento aggiornato',
      userId: viewer.id,
      origin,
      metadata: { investmentId: id, ...form },
    });
    this.bots.investmentChanged(id);
    return toInvestment(await this.mustFind(id));
  }

  async requestDeletion(viewer: InvestmentsViewer, id: string, origin: RequestOrigin): Promise<Investment> {
    await this.findVisible(viewer, id);
    await this.repository.update(id, { isRunning: INVESTMENT_DELETION_REQUESTED });
    await this.audit.record({
      action: 'INVESTMENT_DELETION_REQUESTED',
      description: 'Richiesta di eliminazione investimento: bot fermato, posizioni lasciate aperte',
      userId: viewer.id,
      origin,
      metadata: { investmentId: id },
    });
    this.bots.investmentChanged(id);
    return toInvestment(await this.mustFind(id));
  }

  private async validValues(viewer: InvestmentsViewer, form: InvestmentFormInput): Promise<InvestmentValues> {
    const account = await this.repository.findAccount(form.accountId);
    if (!account || (viewer.role !== 'admin' && account.ownerId !== viewer.id))
      throw badRequest(INVESTMENT_MESSAGES.accountNotFound);
    const algorithm = await this.repository.findAlgorithm(form.algorithmId);
    if (!algorithm) throw badRequest(INVESTMENT_MESSAGES.algorithmNotFound);
    if (form.capital < algorithm.minCapital) {
      throw badRequest(minCapitalMessage(algorithm.minCapital));
    }
    const maxLeverage = maxLeverageFor(account.ownerIsPro);
    if (form.parameters.leverage > maxLeverage) throw badRequest(leverageLimitMessage(maxLeverage));
    return {
      accountId: form.accountId,
      algorithmId: form.algorithmId,
      capital: form.capital,
      leverage: form.parameters.leverage,
      size: form.parameters.size,
      additional: form.parameters.additional,
      maxContracts: form.parameters.maxcontracts,
    };
  }

  /** Others' investments and those already being deleted answer 404. */
  private async findVisible(viewer: InvestmentsViewer, id: string): Promise<InvestmentListRow> {
    const found = await this.repository.findById(id);
    if (
      !found ||
      found.investment.isRunning === INVESTMENT_DELETION_REQUESTED ||
      (viewer.role !== 'admin' && found.owner.id !== viewer.id)
    ) {
      throw notFound(INVESTMENT_MESSAGES.notFound);
    }
    return found;
  }

  private async mustFind(id: string): Promise<InvestmentListRow> {
    const found = await this.repository.findById(id);
    if (!found) throw notFound(INVESTMENT_MESSAGES.notFound);
    return found;
  }
}
