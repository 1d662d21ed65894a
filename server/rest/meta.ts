import type { Capability } from '../../common/permissions.js';
import type { ChurchRole } from '../../common/constants.js';
import type { OfficerCapability, OfficerRole } from '../../common/associations.js';

/**
 * A documented REST path, declared on the procedure that serves it (`.meta(rest(...))`): the REST
 * adapter and the OpenAPI document both read it from the router, so a path is typed and described
 * once, beside its handler.
 */
export interface RestMeta {
  method: 'GET' | 'POST' | 'PUT' | 'DELETE';
  /** OpenAPI-style path, e.g. /api/classes/{id}; its parameters are merged into the input. */
  path: string;
  summary: string;
  /** HTTP status on success (default 200). */
  successStatus?: number;
  /** No Authorization / X-Church-Code needed. */
  public?: boolean;
  /** A download instead of JSON: the procedure returns a RestFile; errors still answer in JSON. */
  file?: { contentType: string; description: string };
}

/** What a file-producing procedure returns; `filename` becomes an attachment Content-Disposition. */
export interface RestFile {
  filename?: string;
  /** The whole file, or, for one too big to hold in memory (or made only once the procedure's
   * transaction has ended, like a PDF), its parts, made while they are sent. */
  body: string | (() => AsyncIterable<string | Uint8Array>);
}

/**
 * Who may call a procedure, set by the rung of the procedure ladder it is built on
 * (server/trpc/init.ts), never by hand: the two-tenant replay reads it to know what each caller
 * must be answered.
 * - public: anyone;
 * - church: a signed-in church user of one of `roles`, and with `validSubscription` only while
 *   the church's subscription is valid;
 * - payer: the church's super admin, or the browser holding the payment token of its registration;
 * - operator: a signed-in platform operator;
 * - association: a signed-in officer of an association, of one of `roles` (its capability's).
 */
export type ProcedureAccess =
  /** `unbatched`: refused inside a batch (common/permissions.ts lists these for the client). */
  | { door: 'public'; unbatched?: true }
  /** `capability`: the permission-table entry the roles come from, when the rung asks for one. */
  | { door: 'church'; roles: readonly ChurchRole[]; validSubscription: boolean; capability?: Capability }
  | { door: 'payer' }
  | { door: 'operator' }
  | { door: 'association'; roles: readonly OfficerRole[]; capability?: OfficerCapability };

export interface ProcedureMeta {
  rest?: RestMeta;
  access?: ProcedureAccess;
}

/** `.meta(rest('POST', '/api/classes', 'Add a class', { successStatus: 201 }))` */
export const rest = (
  method: RestMeta['method'],
  path: string,
  summary: string,
  options: Omit<RestMeta, 'method' | 'path' | 'summary'> = {},
): ProcedureMeta => ({ rest: { method, path, summary, ...options } });
