import { STATEMENTS_API } from '@platform/contracts';
import type { FastifyReply } from 'fastify';
import { viewerOf } from '../../plugins/authentication';
import type { DeclareRoute } from '../../plugins/endpoint-routes';
import type { StatementFile, StatementsService } from './statements.service';

/** Sends a file as an attachment; the stream is piped, so the bytes leave as they are made. */
function sendFile(reply: FastifyReply, file: StatementFile) {
  return reply
    .type(file.contentType)
    .header('content-disposition', `attachment; filename="${file.filename}"`)
    .send(file.body);
}

export function statementsRoutes(route: DeclareRoute, statements: StatementsService): void {
  route(STATEMENTS_API.transactionsCsv, async ({ request, reply, params }) =>
    sendFile(reply, await statements.transactionsCsv(viewerOf(request), params.id)),
  );

  route(STATEMENTS_API.statementPdf, async ({ request, reply, params, query }) =>
    sendFile(reply, await statements.monthlyStatement(viewerOf(request), params.id, query.month)),
  );

  route(STATEMENTS_API.resultsCsv, async ({ request, reply, params }) =>
    sendFile(reply, await statements.resultsCsv(viewerOf(request), params.id)),
  );
}
