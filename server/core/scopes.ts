import type { FastifyBaseLogger } from 'fastify';
import type { Config } from '../config.js';
import type { Database, Tx } from '../db/index.js';
import type { ChurchDto, SessionUserDto } from './scope-dtos.js';

/**
 * What services receive from a request, whatever transport served it: one scope per kind of caller.
 * The tRPC context (server/trpc/context.ts) is a public scope with more in it, and the rungs of the
 * procedure ladder add the rest, so a handler hands its `ctx` on as the scope its service asks for.
 */

/** Work to do once the door's transaction has committed (mails, removing the files of a deleted
 * row): never before, so a rollback cannot leave a row whose files are gone. */
export type AfterCommit = (task: () => Promise<void>) => void;

/**
 * Anyone's call: the configuration, the two database doors, the request's logger and the facts of
 * the request a service may use. `services` are the long-lived collaborators the server builds once
 * (server/services.ts); a service names the ones it uses (`PublicScope<{ mailer: Mailer }>`), so a
 * module depends on those collaborators, not on the whole server.
 */
export interface PublicScope<Services = object> {
  config: Config;
  db: Database;
  services: Services;
  log: FastifyBaseLogger;
  /** The caller's address (through trusted proxies only). */
  ip: string;
  userAgent: string | undefined;
  /** The request came over HTTPS (directly, or through a trusted proxy's X-Forwarded-Proto). */
  secureRequest: boolean;
  /** A cookie of the request: the Google sign-in flow's and the operator console's session. */
  cookie(name: string): string | undefined;
  /** Adds a Set-Cookie header (a whole header value) to the answer, whether it succeeds or fails. */
  setCookie(header: string): void;
}

/** Any work inside one church's tenant transaction (row-level security limits it to that church),
 * and the church it is in: every query of church rows is given `church.id` and names it in its SQL
 * (`eq(table.churchId, churchId)`), so Citus sends it to that church's shard. */
export interface ChurchScope {
  tx: Tx;
  church: { id: string };
}

/** A signed-in church member's call, inside the tenant door (server/doors/church.ts): its
 * transaction, the user, the church, and work for after the commit. */
export interface TenantScope extends ChurchScope {
  user: SessionUserDto;
  church: ChurchDto;
  afterCommit: AfterCommit;
}

/** Who pays for or changes a church's subscription: the church as its users see it, and its
 * signed-in super admin, or null for the payment token of a paid registration. */
export interface ChurchPayer {
  church: ChurchDto;
  userId: string | null;
  /** A payment token whose church has paid already: it may only read where its orders stand. */
  spentToken: boolean;
}

/** A payer's call: the payment work runs in the platform door (only there does a subscription
 * change), limited by the service to `payer.church.id`. */
export type PayerScope<Services = object> = PublicScope<Services> & { payer: ChurchPayer };

/** A signed-in platform operator's call (the console), inside the platform door: its transaction,
 * which reads across churches, the operator, and work for after the commit. */
export interface OperatorScope {
  tx: Tx;
  operator: { id: string; name: string; email: string };
  afterCommit: AfterCommit;
}

export type AssociationKind = 'diocese' | 'district' | 'region' | 'association';

/** The association a signed-in officer acts for, and the officer. */
export interface AssociationDto {
  id: string; code: string; name: string; kind: AssociationKind; languages: string[];
}
export interface OfficerDto {
  id: string; name: string; email: string;
  role: 'association_admin' | 'examination_controller' | 'section_convener' | 'valuer';
  sectionId: string | null; language: string | null;
}

/** A signed-in association officer's call, inside the association door (server/doors/association.ts):
 * its transaction, which runs as app_association (the association's own rows and the platform's
 * functions of its members' figures, never a church's row), the association, the officer and work
 * for after the commit. */
export interface AssociationScope {
  tx: Tx;
  association: AssociationDto;
  officer: OfficerDto;
  afterCommit: AfterCommit;
}
