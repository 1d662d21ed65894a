import type { Tx } from './db/index.js';
import type { ChurchDto } from './modules/churches/index.js';
import type { UserDto } from './modules/users/index.js';

/** What a church procedure hands a service: its transaction, the signed-in user and the church.
 * The tenant rung of the procedure ladder (server/trpc/init.ts) builds exactly this. */
export interface TenantScope {
  tx: Tx;
  user: UserDto;
  church: ChurchDto;
}
