import { STATEMENT_ROUTES, statementQuerySchema } from '@platform/contracts';
import type { FastifyInstance, FastifyReply } from 'fastify';
import * as z from 'zod';
import { parse } from '../../lib/http';
import { viewerOf, type Guards } from '../../plugins/authentication';
import type { StatementFile, StatementsService } from './statements.service';

const investmentParams = z.object({ id: z.uuid('Investimento non trovato.') });
const backtestParams = z.object({ id: z.uuid('Backtest non trovato.') });

/** Sends a file as an attachment; the stream is piped, so the bytes leave as they are made. */
function sendFile(reply: FastifyReply, file: StatementFile) {
  return reply
    .type(file.contentType)
    .header('content-disposition', `attachment; filename="${file.filename}"`)
    .send(file.body);
}

export function statementsRoutes(app: FastifyInstance, statements: StatementsService, guards: Guards): void {
  const signedIn = { preHandler: guards.authenticated };

  app.get(STATEMENT_ROUTES.transactionsCsv, signedIn, async (request, reply) => {
    const { id } = parse(investmentParams, request.params);
    return sendFile(reply, await statements.transactionsCsv(viewerOf(request), id));
  });

  app.get(STATEMENT_ROUTES.statementPdf, signedIn, async (request, reply) => {
    const { id } = parse(investmentParams, request.params);
    const { month } = parse(statementQuerySchema, request.query);
    return sendFile(reply, await statements.monthlyStatement(viewerOf(request), id, month));
  });

  app.get(STATEMENT_ROUTES.resultsCsv, signedIn, async (request, reply) => {
    const { id } = parse(backtestParams, request.params);
    return sendFile(reply, await statements.resultsCsv(viewerOf(request), id));
  });
}
