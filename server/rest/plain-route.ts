import type { Readable } from 'node:stream';
import type { FastifyInstance, FastifyReply, FastifyRequest, RouteGenericInterface } from 'fastify';
import fastifyMultipart from '@fastify/multipart';
import type { Capability } from '../../common/permissions.js';
import type { OfficerCapability } from '../../common/associations.js';
import { enterChurchAs, type ChurchDoorRequest } from '../doors/church.js';
import { assertOfficerCapability, enterAssociation, type AssociationDoorRequest } from '../doors/association.js';
import { describeError } from '../core/error-policy.js';
import type { AppError } from '../core/errors.js';
import { credentialsOf } from '../core/request.js';
import type { AssociationScope, TenantScope } from '../core/scopes.js';
import { recordFailure } from '../logging.js';
import { errorBody, sendErrorAnswer, successBody } from './envelope.js';
import { errorAnswerDoc, type OpenApiPaths } from './openapi.js';

/**
 * A plain route: one the router cannot serve as a procedure, because its body is a file (an upload,
 * a download), signed bytes (a webhook) or not JSON data (metrics, the API's own document). It is
 * declared once, here: its method and path, who may call it (`door`), its OpenAPI entry and its
 * handler. The declaration registers it, hands the handler the door it names, sends the handler's
 * answer in the envelope and every error through the one error policy, and writes its entry of
 * /api/openapi.json, so no route renders the envelope itself and none is missing from the document.
 */

/**
 * Who may call a plain route; it names the door its handler enters by.
 * - public: anyone; the route names no church (health, the import template, the API's document);
 * - link: the token in the address is the credential, and names the church (a one-time link);
 * - webhook: a payment provider signing the raw body with the shared secret (the handler checks it);
 * - metrics: a scraper holding METRICS_TOKEN (the handler checks it);
 * - church: a signed-in church user of a role holding the capability, while the church's
 *   subscription is valid: the checks of the ladder's capabilityProcedure, in its order, run by
 *   `enterChurch` each time the handler enters; `orSignedAddress`: or, with no session, an address
 *   the server signed (a gallery file), which the handler verifies;
 * - association: a signed-in association officer of a role holding the officers' capability: the
 *   checks of officerCapabilityProcedure, run by `enterAssociation` each time the handler enters.
 */
export type PlainDoor =
  | 'public' | 'link' | 'webhook' | 'metrics'
  | { church: Capability; orSignedAddress?: true }
  | { association: OfficerCapability };

/** The church door of one request with the route's capability: `work` runs in the tenant
 * transaction, after the session, subscription and role checks. A route may enter more than once
 * (an upload checks before it reads the files and writes after), never holding a transaction open
 * while a body arrives. */
type EnterChurch = <T>(work: (scope: TenantScope) => Promise<T>) => Promise<T>;

/** The association door of one request with the route's capability: `work` runs in the association's
 * transaction, after the officer's session and role checks; entered as often as the church door. */
type EnterAssociation = <T>(work: (scope: AssociationScope) => Promise<T>) => Promise<T>;

/** What the handler is handed for its door: `enterChurch` for a church door, `enterAssociation` for an
 * association's, nothing otherwise. */
export type DoorEntry<D extends PlainDoor> = D extends { church: Capability } ? { enterChurch: EnterChurch }
  : D extends { association: OfficerCapability } ? { enterAssociation: EnterAssociation } : Record<never, never>;

type AnyDoorEntry = Partial<{ enterChurch: EnterChurch; enterAssociation: EnterAssociation }>;

/** What a body that is not JSON data may be. */
type RawBody = string | Buffer | Readable;

/** What a handler answers; `answer` below makes each kind. */
export type PlainAnswer =
  | { kind: 'data'; status: number; data: unknown }
  | { kind: 'refused'; refusal: AppError; data: unknown }
  | { kind: 'body'; status: number; type: string; body: RawBody }
  | { kind: 'empty'; status: number };

export const answer = {
  /** JSON data in the success envelope, `{ success: true, data }`. */
  data: (data: unknown, status = 200): PlainAnswer => ({ kind: 'data', status, data }),
  /** A refusal that is the route's answer rather than a failure (readiness while not ready): the
   * error envelope of `refusal` as the policy describes it, with `data` beside its message. */
  refused: (refusal: AppError, data: unknown): PlainAnswer => ({ kind: 'refused', refusal, data }),
  /** A file, a page or a document, of the given Content-Type; its other headers set on the reply. */
  body: (type: string, body: RawBody, status = 200): PlainAnswer => ({ kind: 'body', status, type, body }),
  /** No body (304 Not Modified). */
  empty: (status: number): PlainAnswer => ({ kind: 'empty', status }),
};

/** A parameter of the OpenAPI entry (a path parameter only when it has more to say than a string). */
interface ParameterDoc {
  name: string;
  in: 'path' | 'query' | 'header';
  required: boolean;
  schema: Record<string, unknown>;
  description?: string;
}

/** A plain route's OpenAPI entry; its method, path, security and plain path parameters come from
 * the declaration. */
export interface PlainOperationDoc {
  operationId: string;
  summary: string;
  description?: string;
  tag: string;
  parameters?: ParameterDoc[];
  requestBody?: Record<string, unknown>;
  /** By status; '4XX', the error envelope, is added unless given. */
  responses: Record<string, unknown>;
}

interface PlainRouteFields {
  method: 'GET' | 'POST' | 'PUT' | 'DELETE';
  /** OpenAPI-style path, e.g. /api/gallery/image/{filename}. */
  path: string;
  /** The body Fastify reads before the handler: JSON (default), multipart (read by the handler
   * through `req.parts()`, registered for this route only) or the raw bytes (a signed body). */
  body?: 'json' | 'multipart' | 'raw';
  /** The body may take UPLOAD_TIMEOUT_SECONDS to arrive, not REQUEST_TIMEOUT_SECONDS (server/body-timeout.ts). */
  slowBody?: true;
  openapi: PlainOperationDoc;
}

/** A declared route, as the app registers and documents it. */
export interface PlainRoute extends PlainRouteFields {
  door: PlainDoor;
  handler(req: FastifyRequest, reply: FastifyReply, door: AnyDoorEntry): Promise<PlainAnswer>;
}

/** `plainRoute({ method, path, door, openapi, handler })`: the handler's request is typed by its own
 * annotation (`req: FastifyRequest<{ Params: { token: string } }>`), and it is handed its door. */
export function plainRoute<const D extends PlainDoor, R extends RouteGenericInterface = RouteGenericInterface>(route: PlainRouteFields & {
  door: D;
  handler(req: FastifyRequest<R>, reply: FastifyReply, door: DoorEntry<D>): Promise<PlainAnswer>;
}): PlainRoute {
  // Fastify's route generics only name what params and query hold (as its own route methods do),
  // and registerPlainRoutes hands a church door `enterChurch`, an association's `enterAssociation`,
  // any other door nothing.
  return { ...route, handler: (req, reply, door) => route.handler(req as FastifyRequest<R>, reply, door as DoorEntry<D>) };
}

/** What the church and association doors need of the server (the request gives the credentials and the logger). */
export type PlainRouteServer = Omit<ChurchDoorRequest, 'token' | 'churchCode' | 'log'>
  & { services: AssociationDoorRequest['services'] };

function send(req: FastifyRequest, reply: FastifyReply, given: PlainAnswer) {
  switch (given.kind) {
    case 'data': return reply.code(given.status).send(successBody(given.data));
    case 'refused': {
      recordFailure(req, given.refusal);
      const refusal = describeError(given.refusal);
      return reply.code(refusal.status).send(errorBody(refusal, undefined, given.data));
    }
    case 'body': return reply.code(given.status).type(given.type).send(given.body);
    case 'empty': return reply.code(given.status).send();
  }
}

/** Registers each route in a scope of its own (for its body's parser), with its door and its answers. */
export function registerPlainRoutes(app: FastifyInstance, routes: readonly PlainRoute[], server: PlainRouteServer) {
  const doorOf = (door: PlainDoor, req: FastifyRequest): AnyDoorEntry => {
    if (typeof door !== 'object') return {};
    const request = { ...server, log: req.log, ...credentialsOf(req) };
    if ('association' in door) {
      return {
        enterAssociation: (work) => enterAssociation(request, (scope) => {
          assertOfficerCapability(scope.officer, door.association);
          return work(scope);
        }),
      };
    }
    return { enterChurch: (work) => enterChurchAs(request, door.church, work) };
  };
  for (const route of routes) {
    void app.register(async (scope) => {
      if (route.body === 'multipart') await scope.register(fastifyMultipart, { throwFileSizeLimit: true });
      // A signature covers the bytes as sent: this route's JSON is left unparsed.
      if (route.body === 'raw') scope.addContentTypeParser('application/json', { parseAs: 'buffer' }, (_req, body, done) => done(null, body));
      scope.route({
        method: route.method,
        url: route.path.replace(/\{(\w+)\}/g, ':$1'),
        config: route.slowBody ? { slowBody: true } : {},
        handler: async (req, reply) => {
          try {
            return send(req, reply, await route.handler(req, reply, doorOf(route.door, req)));
          } catch (error) {
            // As on Fastify's own error path: the envelope sets the body's type and length; other
            // headers the handler set stay (a 416's Content-Range).
            reply.removeHeader('content-type').removeHeader('content-length');
            return sendErrorAnswer(req, reply, error, describeError(error));
          }
        },
      });
    });
  }
}

const CHURCH_SESSION = { bearer: [], churchCode: [] };

function securityOf(door: PlainDoor) {
  if (typeof door === 'object') return 'church' in door && door.orSignedAddress ? [CHURCH_SESSION, {}] : [CHURCH_SESSION];
  return door === 'metrics' ? [{ bearer: [] }] : [];
}

/** The routes' entries of the OpenAPI document. */
export function plainRoutesDoc(routes: readonly PlainRoute[]): OpenApiPaths {
  const paths: OpenApiPaths = {};
  for (const { method, path, door, openapi: { tag, parameters = [], responses, ...operation } } of routes) {
    const described = new Set(parameters.filter((p) => p.in === 'path').map((p) => p.name));
    const pathParameters: ParameterDoc[] = [...path.matchAll(/\{(\w+)\}/g)].map((m) => m[1])
      .filter((name) => !described.has(name))
      .map((name) => ({ name, in: 'path', required: true, schema: { type: 'string' } }));
    paths[path] ??= {};
    paths[path][method.toLowerCase()] = {
      ...operation,
      tags: [tag],
      security: securityOf(door),
      parameters: [...pathParameters, ...parameters],
      responses: { ...responses, '4XX': responses['4XX'] ?? errorAnswerDoc('Error envelope') },
    };
  }
  return paths;
}
