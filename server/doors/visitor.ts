import type { Database, Tx } from '../db/index.js';
import type { ChurchScope } from '../core/scopes.js';

/**
 * A caller with no session who names a church: by its code (signing in with a password or with
 * Google, the public privacy notice; the code found through the church directory) or by a signed
 * address of one of its files (the gallery's, its signature checked first). The caller's module has
 * already checked what it was given; what it may read or write of the church is the module's rule.
 * One tenant transaction of that church: row-level security keeps it there, and each query is given
 * `church.id`.
 */
export function enterChurchAsVisitor<T>(db: Database, churchId: string, work: (scope: ChurchScope) => Promise<T>): Promise<T> {
  return db.withTenant(churchId, (tx) => work({ tx, church: { id: churchId } }));
}

/** A caller with no session naming an association by its code (an officer signing in): one
 * transaction of that association as app_association, which reaches the association's own rows
 * only; what it may read of them is the caller's module's rule (an officer found by address). */
export function enterAssociationAsVisitor<T>(db: Database, associationId: string, work: (tx: Tx) => Promise<T>): Promise<T> {
  return db.withAssociation(associationId, work);
}
