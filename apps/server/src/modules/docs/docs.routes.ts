// GET /api/docs: the API's OpenAPI 3.1 document, made of the endpoints' declarations in contracts.
// It cannot change while the process runs, so it is written once, when first asked for.
import { DOCS_API } from '@platform/contracts';
import { openApiDocument } from '@platform/contracts/openapi';
import type { DeclareRoute } from '../../plugins/endpoint-routes';

let documentText: string | undefined;

export function docsRoutes(route: DeclareRoute): void {
  route(DOCS_API.openApi, ({ reply }) => {
    documentText ??= JSON.stringify(openApiDocument());
    return reply.type(DOCS_API.openApi.response.raw).send(documentText);
  });
}
