/** The operator console: its sign-in and its frame with the screens, each fetched when first opened,
 * so none of it is in a church user's downloads. */
import { lazyScreen } from '../../lib/lazy-screen';

export const AdminLoginPage = lazyScreen(() => import('./login/AdminLoginPage').then((m) => m.AdminLoginPage));
export const AdminConsole = lazyScreen(() => import('./frame/AdminConsole').then((m) => m.AdminConsole));
