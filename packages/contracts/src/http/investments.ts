// Investments link an account to an algorithm with capital and grid sizing (SA code). Add, edit,
// delete (a request) and, since issue 32, PATCH /api/common/investments/start/:id and
// /stop/:id (no body) each answer the investment (investmentSchema).
import * as z from 'zod';
import { endpoint } from './endpoint';

export const INVESTMENT_MESSAGES = {
  added: 'Investment aggiunto con successo!',
  updated: 'Investment aggiornato con successo!',
  saveError: "Errore durante l'operazione sull'investment",
  deleteRequested: 'Richiesta di eliminazione inviata correttamente',
  deleteError: "Errore durante l'eliminazione dell'investimento",
  confirmDelete:
    'Sei sicuro di voler eliminare questo investimento? Le posizioni non verranno chiuse automaticamente',
  accountRequired: 'Seleziona un account',
  algorithmRequired: 'Seleziona un algoritmo',
  capitalPositive: 'Il capitale deve essere maggiore di 0',
  leveragePositive: 'La leva deve essere almeno 1',
  sizePositive: 'Size deve essere maggiore di 0',
  additionalPositive: 'Addizionale deve essere maggiore di 0',
  maxContractsPositive: 'Max Contracts deve essere maggiore di 0',
  saCodeInvalid: 'SA Code non valido: 5 cifre, 3 per la size e 2 per l\u2019addizionale.',
  notFound: 'Investimento non trovato.',
  accountNotFound: 'Account non trovato.',
  algorithmNotFound: 'Algoritmo non trovato.',
  // Starting and stopping a bot from the list (issue 32): the positions stay as they are.
  confirmStop:
    'Sei sicuro di voler fermare il bot di questo investimento? Le posizioni aperte restano aperte.',
  confirmStart: 'Avviare il bot di questo investimento?',
  started: 'Bot avviato con successo!',
  stopped: 'Bot fermato con successo!',
  startError: "Errore durante l'avvio del bot",
  stopError: "Errore durante l'arresto del bot",
  /**
   * Capital.com takes no client order id, so a bot knows its positions by market, size and time:
   * two bots on one account and market could take each other's. One runs at a time there.
   */
  capitalOnePerMarket: (accountId: string, market: string) =>
    `Su Capital.com un account può avere un solo investimento attivo per mercato: l'account ${accountId} ne ha già uno su ${market}.`,
} as const;

const euroFormat = new Intl.NumberFormat('it-IT', { style: 'currency', currency: 'EUR' });

/** The refusal of a capital below the algorithm's minimum, in the words both form and server use. */
export const minCapitalMessage = (minCapital: number) =>
  `Il capitale minimo per questo algoritmo è ${euroFormat.format(minCapital)}`;

/** isRunning: 0 stopped, 1 running, 2 error, 3 deletion requested (hidden, bot stopped, positions left open). */
export const INVESTMENT_STOPPED = 0;
export const INVESTMENT_RUNNING = 1;
export const INVESTMENT_FAILED = 2;
export const INVESTMENT_DELETION_REQUESTED = 3;

export const investmentParametersSchema = z.object({
  leverage: z
    .number({ error: INVESTMENT_MESSAGES.leveragePositive })
    .min(1, INVESTMENT_MESSAGES.leveragePositive),
  size: z
    .number({ error: INVESTMENT_MESSAGES.sizePositive })
    .positive(INVESTMENT_MESSAGES.sizePositive)
    .max(99.9),
  additional: z
    .number({ error: INVESTMENT_MESSAGES.additionalPositive })
    .positive(INVESTMENT_MESSAGES.additionalPositive)
    .max(9.9),
  maxcontracts: z
    .number({ error: INVESTMENT_MESSAGES.maxContractsPositive })
    .positive(INVESTMENT_MESSAGES.maxContractsPositive)
    .max(1e6),
});

export const investmentSchema = z.object({
  _id: z.string(),
  account: z.object({
    _id: z.string(),
    accountId: z.string(),
    /** The owner's username (e-mail), shown beside the account id. */
    username: z.string(),
    owner: z.object({ _id: z.string(), username: z.string(), isPro: z.boolean() }),
  }),
  algorithm: z.object({ _id: z.string(), name: z.string() }),
  capital: z.number(),
  parameters: investmentParametersSchema,
  isRunning: z.number().int(),
  /**
   * Why the bot stopped, when isRunning is 2 (error); why it waits, when isRunning is 1 (paused:
   * its market closed at the broker, an order's outcome not known yet); null while it trades.
   */
  statusMessage: z.string().nullable(),
});
export type Investment = z.infer<typeof investmentSchema>;

export const investmentFormSchema = z.object({
  accountId: z
    .string({ error: INVESTMENT_MESSAGES.accountRequired })
    .uuid(INVESTMENT_MESSAGES.accountRequired),
  algorithmId: z
    .string({ error: INVESTMENT_MESSAGES.algorithmRequired })
    .uuid(INVESTMENT_MESSAGES.algorithmRequired),
  capital: z
    .number({ error: INVESTMENT_MESSAGES.capitalPositive })
    .positive(INVESTMENT_MESSAGES.capitalPositive)
    .max(1e10),
  parameters: investmentParametersSchema,
});
export type InvestmentForm = z.input<typeof investmentFormSchema>;
export type InvestmentFormInput = z.output<typeof investmentFormSchema>;

/** An investment's id in a path: anyone else's, or a malformed one, is not found. */
export const investmentParamsSchema = z.object({ id: z.uuid(INVESTMENT_MESSAGES.notFound) });

export const INVESTMENTS_API = {
  list: endpoint({
    method: 'GET',
    path: '/api/common/investments',
    access: 'signed-in',
    summary: "The caller's investments (every investment for an admin), with their bots' states.",
    response: z.array(investmentSchema),
  }),
  add: endpoint({
    method: 'POST',
    path: '/api/common/investments/add',
    access: 'signed-in',
    summary: 'Adds an investment (account, algorithm, capital, grid sizing); its bot starts running.',
    body: investmentFormSchema,
    response: investmentSchema,
  }),
  edit: endpoint({
    method: 'PATCH',
    path: '/api/common/investments/edit/:id',
    access: 'signed-in',
    summary: "Changes an investment's account, algorithm, capital and grid sizing.",
    params: investmentParamsSchema,
    body: investmentFormSchema,
    response: investmentSchema,
  }),
  // Its bot stopped or started again (issue 32): positions are left as they are.
  start: endpoint({
    method: 'PATCH',
    path: '/api/common/investments/start/:id',
    access: 'signed-in',
    summary: "Starts an investment's bot again; open positions are left as they are.",
    params: investmentParamsSchema,
    response: investmentSchema,
  }),
  stop: endpoint({
    method: 'PATCH',
    path: '/api/common/investments/stop/:id',
    access: 'signed-in',
    summary: "Stops an investment's bot; open positions stay open.",
    params: investmentParamsSchema,
    response: investmentSchema,
  }),
  requestDeletion: endpoint({
    method: 'PATCH',
    path: '/api/common/investments/delete/:id',
    access: 'signed-in',
    summary: 'Asks for an investment to be deleted (state 3): its bot stops, its positions stay open.',
    params: investmentParamsSchema,
    response: investmentSchema,
  }),
};
