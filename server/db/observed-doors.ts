import type { Database } from './database.js';

/** What hears of each door call: which door, whether its transaction committed, how long it took. */
export type DoorObserver = (door: 'tenant' | 'platform' | 'association', committed: boolean, seconds: number) => void;

/** The database with each door call timed and told to `observe` (the metrics); the doors themselves
 * are unchanged. */
export function observeDoors(db: Database, observe: DoorObserver): Database {
  const timed = async <T>(door: 'tenant' | 'platform' | 'association', call: () => Promise<T>): Promise<T> => {
    const start = process.hrtime.bigint();
    const seconds = () => Number(process.hrtime.bigint() - start) / 1e9;
    try {
      const result = await call();
      observe(door, true, seconds());
      return result;
    } catch (error) {
      observe(door, false, seconds());
      throw error;
    }
  };
  return {
    ...db,
    withTenant: (churchId, fn) => timed('tenant', () => db.withTenant(churchId, fn)),
    withPlatform: (fn) => timed('platform', () => db.withPlatform(fn)),
    withAssociation: (associationId, fn) => timed('association', () => db.withAssociation(associationId, fn)),
  };
}
