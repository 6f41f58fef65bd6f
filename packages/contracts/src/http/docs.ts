// The API's own description, made of the endpoints' declarations (openapi.ts).
import { endpoint } from './endpoint';

export const DOCS_API = {
  openApi: endpoint({
    method: 'GET',
    path: '/api/docs',
    access: 'public',
    summary: 'This document: every call of the API in OpenAPI 3.1.',
    response: { raw: 'application/json' },
  }),
};
