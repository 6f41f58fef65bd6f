// Issue 33: the OpenAPI document at /api/docs is made of the endpoints' declarations, so it lists
// exactly the routes the app registers, each with who may call it and its schemas.
import { ENDPOINTS } from '@platform/contracts/api';
import { describe, expect, it } from 'vitest';
import { requestOf } from '@platform/contracts';
import { API } from '@platform/contracts/api';
import { createTestApp } from './support/test-app';

interface Parameter {
  name: string;
  in: 'path' | 'query';
  required: boolean;
  schema: object;
}

interface Operation {
  operationId: string;
  summary: string;
  'x-access': string;
  security: { bearer: [] }[];
  parameters: Parameter[];
  requestBody?: { required: boolean; content: Record<string, { schema: JsonSchema }> };
  responses: Record<string, { description: string; content: Record<string, unknown> }>;
}

interface JsonSchema {
  type?: string;
  properties?: Record<string, object>;
  required?: string[];
}

interface OpenApiDocument {
  openapi: string;
  info: { title: string; version: string };
  components: { securitySchemes: Record<string, object> };
  paths: Record<string, Record<string, Operation>>;
}

const METHODS = ['get', 'post', 'put', 'patch', 'delete'];

/** Fastify's `:name` becomes OpenAPI's `{name}`. */
const openApiPath = (url: string) => url.replace(/:([A-Za-z]\w*)/g, '{$1}');

async function served() {
  const testApp = await createTestApp();
  const response = await testApp.app.inject({ ...requestOf(API.docs.openApi) });
  return { testApp, response, document: response.json<OpenApiDocument>() };
}

const operationsOf = (document: OpenApiDocument) =>
  Object.entries(document.paths).flatMap(([path, operations]) =>
    Object.entries(operations).map(([method, operation]) => ({ path, method, operation })),
  );

describe('the API document', () => {
  it('answers an OpenAPI 3.1 document as JSON, to anyone', async () => {
    const { response, document } = await served();
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toContain('application/json');
    expect(document.openapi).toMatch(/^3\.1\.\d+$/);
    expect(document.info.title).toEqual(expect.any(String));
    expect(document.info.version).toEqual(expect.any(String));
  });

  it('is well formed: unique operation ids, path parameters declared, known security schemes', async () => {
    const { document } = await served();
    const operations = operationsOf(document);
    const ids = operations.map(({ operation }) => operation.operationId);
    expect(new Set(ids).size).toBe(ids.length);
    for (const { path, method, operation } of operations) {
      const label = `${method.toUpperCase()} ${path}`;
      expect(path, label).toMatch(/^\/api\//);
      expect(METHODS, label).toContain(method);
      expect(operation.summary, label).not.toBe('');
      expect(Object.keys(operation.responses), label).toContain('200');
      const inPath = [...path.matchAll(/\{(\w+)\}/g)].map(([, name]) => name);
      const declared = operation.parameters.filter((parameter) => parameter.in === 'path');
      expect(declared.map((parameter) => parameter.name).sort(), label).toEqual(inPath.sort());
      expect(
        declared.every((parameter) => parameter.required),
        label,
      ).toBe(true);
      for (const requirement of operation.security) {
        for (const scheme of Object.keys(requirement))
          expect(document.components.securitySchemes, label).toHaveProperty(scheme);
      }
    }
  });

  it('lists every route the app registers, and nothing else', async () => {
    const { testApp, document } = await served();
    const registered = testApp.app.apiRoutes.map(({ method, url }) => `${method} ${openApiPath(url)}`).sort();
    const documented = operationsOf(document)
      .map(({ path, method }) => `${method.toUpperCase()} ${path}`)
      .sort();
    expect(documented).toEqual(registered);
  });

  it('tells who may call each route, asking the bearer of all but the public ones', async () => {
    const { document } = await served();
    for (const declared of ENDPOINTS) {
      const operation = document.paths[openApiPath(declared.path)]?.[declared.method.toLowerCase()];
      expect(operation?.['x-access'], declared.name).toBe(declared.access);
      const open = declared.access === 'public' || declared.access === 'optional-session';
      expect(operation?.security, declared.name).toEqual(open ? [] : [{ bearer: [] }]);
    }
    const accessOf = (method: string, path: string) => document.paths[path]?.[method]?.['x-access'];
    expect(accessOf('post', '/api/auth/login')).toBe('public');
    expect(accessOf('get', '/api/common/logs')).toBe('signed-in');
    expect(accessOf('post', '/api/admin/upload-csv')).toBe('admin');
    expect(accessOf('get', '/api/docs')).toBe('public');
  });

  it('describes bodies, path parameters and queries with their schemas', async () => {
    const { document } = await served();
    // A password, or the remember token of an earlier login: only the username is always required.
    const login = document.paths['/api/auth/login']?.post?.requestBody?.content['application/json']?.schema;
    expect(login?.type).toBe('object');
    expect(login?.required).toContain('username');
    expect(Object.keys(login?.properties ?? {})).toEqual(expect.arrayContaining(['username', 'password']));

    const upload = document.paths['/api/admin/upload-csv']?.post?.requestBody?.content;
    expect(Object.keys(upload ?? {})).toEqual(['multipart/form-data']);

    const curve = document.paths['/api/common/backtest/{id}/results/{row}/equity-curve']?.get?.parameters;
    expect(curve?.map(({ name, in: where }) => `${where} ${name}`)).toEqual(['path id', 'path row']);

    const logs = document.paths['/api/common/logs']?.get?.parameters;
    expect(logs?.map(({ name, in: where, required }) => `${where} ${name} ${required}`)).toEqual([
      'query limit false',
      'query before false',
      'query offset false',
    ]);
    const weather = document.paths['/api/weather']?.get?.parameters;
    expect(weather?.map(({ name, required }) => `${name} ${required}`)).toEqual(['q true']);
  });

  it('describes the envelope of each answer, and a file as its media type', async () => {
    const { document } = await served();
    const answer = (method: string, path: string) =>
      document.paths[path]?.[method]?.responses['200']?.content;
    const instruments = answer('get', '/api/common/instruments') as
      | { 'application/json': { schema: { required: string[]; properties: { data: JsonSchema } } } }
      | undefined;
    expect(instruments?.['application/json'].schema.required).toEqual(['ok', 'data']);
    expect(instruments?.['application/json'].schema.properties.data.type).toBe('array');
    expect(Object.keys(answer('get', '/api/common/backtest/{id}/results.csv') ?? {})).toEqual(['text/csv']);
  });
});
