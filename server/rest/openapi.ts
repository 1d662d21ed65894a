import { z } from 'zod';
import type { RestRoute } from './routes.js';

/** Operations by path and lowercase method, as the document lists them. */
export type OpenApiPaths = Record<string, Record<string, Record<string, unknown>>>;

const envelopeError = {
  type: 'object',
  properties: {
    success: { const: false },
    message: { type: 'string' },
    reason: { type: 'string' },
    values: { type: 'object', description: 'The values a message was made of, beside its reason (e.g. plan_limit: plan, tier, limit, resource)' },
  },
  required: ['success', 'message'],
};

/** An answer in the error envelope, for the routes that describe their own statuses. */
export const errorAnswerDoc = (description: string) => ({ description, content: { 'application/json': { schema: envelopeError } } });

/** A success envelope whose `data` is described by `data`. */
export const successAnswerDoc = (description: string, data: Record<string, unknown> = {}) => ({
  description,
  content: { 'application/json': { schema: { type: 'object', properties: { success: { const: true }, data }, required: ['success', 'data'] } } },
});

/** The JSON Schema of a zod schema as a caller sends it, or undefined where it cannot be written. */
export function jsonSchemaOf(schema: unknown): Record<string, unknown> | undefined {
  if (!schema || !(schema instanceof z.ZodType)) return undefined;
  try {
    return z.toJSONSchema(schema, { io: 'input', unrepresentable: 'any' });
  } catch {
    return undefined;
  }
}

/**
 * OpenAPI 3.1 document generated from the procedures' REST meta and their zod input schemas, plus
 * `routePaths`: the operations of the plain Fastify routes (files, webhooks), each described by the
 * module that serves it.
 */
export function buildOpenApiDocument(routes: RestRoute[], serverUrl: string, routePaths: OpenApiPaths = {}) {
  const paths: OpenApiPaths = {};
  for (const route of routes) {
    const input = jsonSchemaOf(route.input);
    const pathParams = [...route.path.matchAll(/\{(\w+)\}/g)].map((m) => m[1]);
    const operation: Record<string, unknown> = {
      operationId: route.procedurePath,
      summary: route.summary,
      tags: [route.tag],
      security: route.public ? [] : [{ bearer: [], churchCode: [] }],
      parameters: pathParams.map((name) => ({ name, in: 'path', required: true, schema: { type: 'string' } })),
      responses: {
        [String(route.successStatus ?? 200)]: route.file
          ? { description: route.file.description, content: { [route.file.contentType.split(';')[0]]: { schema: { type: 'string' } } } }
          : {
            description: 'Success envelope { success: true, data, message? }',
            content: { 'application/json': { schema: { type: 'object', properties: { success: { const: true }, data: {} } } } },
          },
        '4XX': { description: 'Error envelope', content: { 'application/json': { schema: envelopeError } } },
      },
    };
    if (input && route.method !== 'GET' && route.method !== 'DELETE') {
      operation.requestBody = { required: true, content: { 'application/json': { schema: input } } };
    } else if (input && route.method === 'GET') {
      const props = (input.properties ?? {}) as Record<string, unknown>;
      const required = new Set((input.required as string[] | undefined) ?? []);
      (operation.parameters as unknown[]).push(...Object.entries(props)
        .filter(([name]) => !pathParams.includes(name))
        .map(([name, schema]) => ({ name, in: 'query', required: required.has(name), schema })));
    }
    paths[route.path] ??= {};
    paths[route.path][route.method.toLowerCase()] = operation;
  }
  for (const [path, operations] of Object.entries(routePaths)) {
    for (const [method, operation] of Object.entries(operations)) {
      if (paths[path]?.[method]) throw new Error(`${method.toUpperCase()} ${path} is described twice in the OpenAPI document`);
      paths[path] ??= {};
      paths[path][method] = operation;
    }
  }
  return {
    openapi: '3.1.0',
    info: {
      title: 'Sunday School platform API',
      version: '1.0.0',
      description: 'Church-user calls send `Authorization: Bearer <token>` and `X-Church-Code`. Every answer is '
        + '`{ success, data, message? }` or `{ success: false, message }` with a fitting HTTP status.',
    },
    servers: [{ url: serverUrl }],
    components: {
      securitySchemes: {
        bearer: { type: 'http', scheme: 'bearer' },
        churchCode: { type: 'apiKey', in: 'header', name: 'X-Church-Code' },
      },
    },
    paths,
  };
}

const escapeHtml = (s: string) => s.replace(/[&<>"]/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;' }[c]!));

/** A readable, dependency-free page of the same document (no CDN: the app must work offline). */
export function renderDocsPage(doc: ReturnType<typeof buildOpenApiDocument>) {
  const rows = Object.entries(doc.paths).flatMap(([path, ops]) =>
    Object.entries(ops).map(([method, op]) => {
      const o = op as { summary: string; security: unknown[]; requestBody?: { content: Record<string, { schema: unknown }> }; parameters: unknown[] };
      const [bodyType, bodyContent] = Object.entries(o.requestBody?.content ?? {})[0] ?? [];
      const body = bodyContent ? `<details><summary>body (${escapeHtml(bodyType)})</summary><pre>${escapeHtml(JSON.stringify(bodyContent.schema, null, 2))}</pre></details>` : '';
      const params = o.parameters.length ? `<details><summary>parameters</summary><pre>${escapeHtml(JSON.stringify(o.parameters, null, 2))}</pre></details>` : '';
      return `<tr><td><code class="m ${method}">${method.toUpperCase()}</code></td><td><code>${escapeHtml(path)}</code></td>`
        + `<td>${escapeHtml(o.summary)}${params}${body}</td><td>${o.security.length ? 'church session' : 'public'}</td></tr>`;
    }));
  return `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1">
<title>${escapeHtml(doc.info.title)}</title><style>
body{font-family:system-ui,sans-serif;margin:0 auto;max-width:1100px;padding:16px;color:#222}
table{border-collapse:collapse;width:100%}td,th{border-bottom:1px solid #ddd;padding:8px;vertical-align:top;text-align:left}
.m{font-weight:bold}.get{color:#0a7}.post{color:#06c}.put{color:#c80}.delete{color:#c22}pre{background:#f6f6f6;padding:8px;overflow:auto}
</style></head><body><h1>${escapeHtml(doc.info.title)}</h1><p>${escapeHtml(doc.info.description)}</p>
<p>Machine-readable: <a href="/api/openapi.json">/api/openapi.json</a></p>
<table><thead><tr><th>Method</th><th>Path</th><th>What it does</th><th>Auth</th></tr></thead><tbody>${rows.join('')}</tbody></table></body></html>`;
}
