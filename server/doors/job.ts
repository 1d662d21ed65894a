import type { Database } from '../db/index.js';
import type { ChurchScope } from '../core/scopes.js';

/**
 * The server's own work in one church, with no user: a background job (the weekly digest, making a
 * family export, erasing again after a restore). One tenant transaction of the church the job was
 * queued for: row-level security keeps it to that church, and each query is given `church.id`. A
 * job that needs several transactions (a short read, slow work outside, a short write) enters once
 * for each, so no connection is held while it works.
 */
export function enterChurchForJob<T>(db: Database, churchId: string, work: (scope: ChurchScope) => Promise<T>): Promise<T> {
  return db.withTenant(churchId, (tx) => work({ tx, church: { id: churchId } }));
}
