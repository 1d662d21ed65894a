import type { Tx } from './db/index.js';
import type { ChurchDto } from './modules/churches/index.js';
import type { UserDto } from './modules/users/index.js';

/** What a church procedure hands a service: its transaction, the signed-in user and the church.
 * The tenant rung of the procedure ladder (server/trpc/init.ts) builds exactly this. */
export interface TenantScope {
  tx: Tx;
  user: UserDto;
  church: ChurchDto;
  /** Work to do once the transaction has committed (removing the files of a deleted row): never
   * before, so a rollback cannot leave a row whose files are gone. */
  afterCommit: (task: () => Promise<void>) => void;
}

/** What an operator procedure (the console, through the platform door) hands a service: the platform
 * transaction, which reads across churches, the signed-in operator, and work for after the commit. */
export interface OperatorScope {
  tx: Tx;
  operator: { id: string; name: string; email: string };
  afterCommit: (task: () => Promise<void>) => void;
}
