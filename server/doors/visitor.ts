import type { Database } from '../db/index.js';
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
