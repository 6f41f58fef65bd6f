// Investments put an account to work with an algorithm. The rules of the form hold here too:
// capital at least the algorithm's minimum, leverage within the owner's limit (20, or 200 for
// pro), positive sizing. A new investment runs at once (its bot starts); an edit starts its bot
// again with the new figures, and takes one that stopped on an error back to running. Its bot
// can be stopped and started again (from this list, or from the monitoring view), and the state
// is kept in the database, so a stopped bot stays stopped across a server restart. On Capital.com
// an account runs one investment per market at a time (running-rule.ts). Deletion is a request:
// the bot stops, positions stay open.
import {
  INVESTMENT_DELETION_REQUESTED,
  INVESTMENT_FAILED,
  INVESTMENT_MESSAGES,
  INVESTMENT_RUNNING,
  INVESTMENT_STOPPED,
  leverageLimitMessage,
  maxLeverageFor,
  minCapitalMessage,
  type Investment,
  type InvestmentFormInput,
} from '@platform/contracts';
import { badRequest, notFound } from '../../lib/errors';
import type { JsonText } from '../../lib/json-list';
import type { RequestOrigin } from '../../lib/http';
import type { AuditTrail } from '../logs/logs.service';
import type { InvestmentState, InvestmentsRepository, InvestmentValues } from './investments.repository';
import { assertMayRun, type DemoBroker } from './running-rule';
import { mayAccess, ownerScope, type Viewer } from '../../lib/policy';

/** The bot supervisor, as the services see it: told what changed, it starts and stops bots. */
export interface BotControl {
  investmentChanged(investmentId: string): void;
  accountChanged(accountId: string): void;
}

export interface InvestmentsServiceOptions {
  /** Where demo accounts trade (DEMO_BROKER): on Capital.com they fall under its one-per-market rule. */
  demoBroker: DemoBroker;
}

/** Process names come from a socket: anything but an id is unknown, not a database error. */
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** The states whose bots the monitoring view lists: all but a requested deletion. */
const MONITORED_STATES = [INVESTMENT_STOPPED, INVESTMENT_RUNNING, INVESTMENT_FAILED];

type InvestmentListRow = NonNullable<Awaited<ReturnType<InvestmentsRepository['findById']>>>;

/** The list's SQL writes the same shape itself (investments.repository.ts); json-lists.test.ts holds the two equal. */
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

/** What an investment trades on, for the Capital.com rule. */
const runsOn = ({ account, algorithm }: InvestmentListRow) => ({
  accountId: account.id,
  algorithmId: algorithm.id,
});

export class InvestmentsService {
  constructor(
    private readonly repository: InvestmentsRepository,
    private readonly audit: AuditTrail,
    private readonly bots: BotControl,
    private readonly options: InvestmentsServiceOptions = { demoBroker: 'paper' },
  ) {}

  list(viewer: Viewer): Promise<JsonText<Investment[]>> {
    return this.repository.listJson(ownerScope(viewer));
  }

  /** One investment the viewer may see (theirs, or any for an admin); a 404 otherwise. */
  async get(viewer: Viewer, id: string): Promise<Investment> {
    return toInvestment(await this.findVisible(viewer, id));
  }

  async create(viewer: Viewer, form: InvestmentFormInput, origin: RequestOrigin): Promise<Investment> {
    const values = await this.validValues(viewer, form);
    const id = await this.repository.transaction(async (repository) => {
      await assertMayRun(repository, this.options.demoBroker, values, null);
      return repository.insert({ ...values, isRunning: INVESTMENT_RUNNING });
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
    viewer: Viewer,
    id: string,
    form: InvestmentFormInput,
    origin: RequestOrigin,
  ): Promise<Investment> {
    const current = await this.findVisible(viewer, id);
    const values = await this.validValues(viewer, form);
    // An edit is how an owner mends what stopped a bot (state 2): it runs again with the new figures.
    const failed = current.investment.isRunning === INVESTMENT_FAILED;
    const restart = failed ? { isRunning: INVESTMENT_RUNNING, statusMessage: null } : {};
    // A bot that starts, or a running one moved to another account or algorithm, starts trading
    // where another may already trade.
    const startsAnew =
      failed ||
      (current.investment.isRunning === INVESTMENT_RUNNING &&
        (values.accountId !== current.account.id || values.algorithmId !== current.algorithm.id));
    await this.repository.transaction(async (repository) => {
      if (startsAnew) await assertMayRun(repository, this.options.demoBroker, values, id);
      await repository.update(id, { ...values, ...restart });
    });
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

  async requestDeletion(viewer: Viewer, id: string, origin: RequestOrigin): Promise<Investment> {
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

  /** Starts a stopped or failed investment's bot (state 1, its reason cleared); a running one is left as it is. */
  async start(viewer: Viewer, id: string, origin: RequestOrigin): Promise<Investment> {
    const current = await this.findVisible(viewer, id);
    if (current.investment.isRunning === INVESTMENT_RUNNING) return toInvestment(current);
    const started = await this.repository.transaction(async (repository) => {
      await assertMayRun(repository, this.options.demoBroker, runsOn(current), id);
      return repository.setState(id, INVESTMENT_RUNNING, null);
    });
    if (!started) throw notFound(INVESTMENT_MESSAGES.notFound);
    await this.audit.record({
      action: 'INVESTMENT_STARTED',
      description: "Bot dell'investimento avviato",
      userId: viewer.id,
      origin,
      metadata: { investmentId: id },
    });
    this.bots.investmentChanged(id);
    return toInvestment(await this.mustFind(id));
  }

  /** Stops the bot (state 0, its reason cleared) after the order under way; positions stay open. */
  async stop(viewer: Viewer, id: string, origin: RequestOrigin): Promise<Investment> {
    const current = await this.findVisible(viewer, id);
    if (current.investment.isRunning === INVESTMENT_STOPPED) return toInvestment(current);
    if (!(await this.repository.setState(id, INVESTMENT_STOPPED, null)))
      throw notFound(INVESTMENT_MESSAGES.notFound);
    await this.audit.record({
      action: 'INVESTMENT_STOPPED',
      description: "Bot dell'investimento fermato: posizioni lasciate aperte",
      userId: viewer.id,
      origin,
      metadata: { investmentId: id },
    });
    this.bots.investmentChanged(id);
    return toInvestment(await this.mustFind(id));
  }

  /**
   * The monitoring view's stop and restart (audited by its gateway, which also tells the
   * supervisor): state 0 or 1, the reason cleared. False for a name that is no investment or one
   * being deleted; a start the Capital.com rule refuses throws its 400.
   */
  async switchRunning(investmentId: string, running: boolean): Promise<boolean> {
    if (!UUID.test(investmentId)) return false;
    const current = await this.repository.findById(investmentId);
    if (!current || current.investment.isRunning === INVESTMENT_DELETION_REQUESTED) return false;
    if (!running) return this.repository.setState(investmentId, INVESTMENT_STOPPED, null);
    return this.repository.transaction(async (repository) => {
      await assertMayRun(repository, this.options.demoBroker, runsOn(current), investmentId);
      return repository.setState(investmentId, INVESTMENT_RUNNING, null);
    });
  }

  /** Every investment's state but those being deleted, for the monitoring view's list of bots. */
  monitoredStates(): Promise<InvestmentState[]> {
    return this.repository.states(MONITORED_STATES);
  }

  private async validValues(viewer: Viewer, form: InvestmentFormInput): Promise<InvestmentValues> {
    const account = await this.repository.findAccount(form.accountId);
    if (!account || !mayAccess(viewer, account.ownerId))
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
  private async findVisible(viewer: Viewer, id: string): Promise<InvestmentListRow> {
    const found = await this.repository.findById(id);
    if (
      !found ||
      found.investment.isRunning === INVESTMENT_DELETION_REQUESTED ||
      !mayAccess(viewer, found.owner.id)
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
