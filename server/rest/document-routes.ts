import { buildOpenApiDocument, renderDocsPage } from './openapi.js';
import { answer, plainRoute, plainRoutesDoc, type PlainRoute } from './plain-route.js';
import type { RestRoute } from './routes.js';

/**
 * GET /api/openapi.json and GET /api/docs: the API's document, made once from the procedures' REST
 * paths and the plain routes given, these two included, and its readable page.
 */
export function apiDocumentRoutes(restRoutes: RestRoute[], serverUrl: string, plainRoutes: readonly PlainRoute[]): PlainRoute[] {
  const own = [
    plainRoute({
      method: 'GET',
      path: '/api/openapi.json',
      door: 'public',
      openapi: {
        operationId: 'docs.openapi',
        tag: 'docs',
        summary: 'This document: OpenAPI 3.1, every REST path and plain route of the server',
        responses: { 200: { description: 'The document', content: { 'application/json': { schema: { type: 'object' } } } } },
      },
      handler: async () => answer.body('application/json; charset=utf-8', documentJson),
    }),
    plainRoute({
      method: 'GET',
      path: '/api/docs',
      door: 'public',
      openapi: {
        operationId: 'docs.page',
        tag: 'docs',
        summary: 'The same document as a readable page',
        responses: { 200: { description: 'The page', content: { 'text/html': { schema: { type: 'string' } } } } },
      },
      handler: async () => answer.body('text/html; charset=utf-8', page),
    }),
  ];
  const document = buildOpenApiDocument(restRoutes, serverUrl, plainRoutesDoc([...plainRoutes, ...own]));
  const documentJson = JSON.stringify(document);
  const page = renderDocsPage(document);
  return own;
}
