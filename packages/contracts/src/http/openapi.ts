// The OpenAPI 3.1 document of the API, made from the endpoints' declarations, so it cannot differ
// from what the server registers. Zod writes the JSON Schemas (OpenAPI 3.1 takes them as they are);
// what JSON Schema cannot say (a transform, a date object) is left open rather than guessed.
import * as z from 'zod';
import { ENDPOINTS } from './api';
import { isRaw, type Access, type Endpoint } from './endpoint';

type JsonSchema = Record<string, unknown>;

function jsonSchemaOf(schema: z.ZodType, io: 'input' | 'output'): JsonSchema {
  const { $schema: _dialect, ...rest } = z.toJSONSchema(schema, { io, unrepresentable: 'any' });
  return rest;
}

/** Path or query parameters: one per property of the schema's object. */
function parametersOf(schema: z.ZodType | undefined, where: 'path' | 'query') {
  if (!schema) return [];
  const { properties = {}, required = [] } = jsonSchemaOf(schema, 'input') as {
    properties?: Record<string, JsonSchema>;
    required?: string[];
  };
  return Object.entries(properties).map(([name, property]) => ({
    name,
    in: where,
    required: where === 'path' || required.includes(name),
    schema: property,
  }));
}

function requestBodyOf(body: Endpoint['body']) {
  if (!body) return undefined;
  if (body === 'multipart') {
    const file = { type: 'object', properties: { file: { type: 'string', format: 'binary' } } };
    return { required: true, content: { 'multipart/form-data': { schema: file } } };
  }
  return { required: true, content: { 'application/json': { schema: jsonSchemaOf(body, 'input') } } };
}

const failure = {
  description: 'A refusal, with its message in Italian',
  content: {
    'application/json': {
      schema: {
        type: 'object',
        required: ['ok', 'error'],
        properties: {
          ok: { const: false },
          error: { type: 'string' },
          requiresOtp: { const: true },
          code: { type: 'string' },
        },
      },
    },
  },
};

function answerOf(response: Endpoint['response']) {
  if (isRaw(response)) return { description: 'The file', content: { [response.raw]: {} } };
  const envelope = {
    type: 'object',
    required: ['ok', 'data'],
    properties: { ok: { const: true }, data: jsonSchemaOf(response, 'output') },
  };
  return { description: 'Done', content: { 'application/json': { schema: envelope } } };
}

const SECURITY: Record<Access, { bearer: [] }[] | undefined> = {
  public: [],
  'optional-session': [],
  'signed-in': [{ bearer: [] }],
  'otp-setup': [{ bearer: [] }],
  admin: [{ bearer: [] }],
};

/** OpenAPI writes path parameters in braces. */
const openApiPath = (path: string) => path.replace(/:([A-Za-z]\w*)/g, '{$1}');

export function openApiDocument() {
  const paths: Record<string, Record<string, unknown>> = {};
  for (const declared of ENDPOINTS) {
    const operations = (paths[openApiPath(declared.path)] ??= {});
    operations[declared.method.toLowerCase()] = {
      operationId: declared.name,
      summary: declared.summary,
      tags: [declared.name.split('.')[0]],
      'x-access': declared.access,
      security: SECURITY[declared.access],
      parameters: [...parametersOf(declared.params, 'path'), ...parametersOf(declared.query, 'query')],
      requestBody: requestBodyOf(declared.body),
      responses: { '200': answerOf(declared.response), '4XX': failure },
    };
  }
  return {
    openapi: '3.1.0',
    info: {
      title: 'Platform API',
      version: '1',
      description: 'Every answer is {ok: true, data} or {ok: false, error} (DESIGN.md section 5).',
    },
    components: { securitySchemes: { bearer: { type: 'http', scheme: 'bearer', bearerFormat: 'JWT' } } },
    paths,
  };
}
