/** The church's people: Teacher Management and User Management, each fetched when first opened. */
import { lazyScreen } from '../../lib/lazy-screen';

export const TeachersPage = lazyScreen(() => import('./TeachersPage').then((m) => m.TeachersPage));
export const UsersPage = lazyScreen(() => import('./UsersPage').then((m) => m.UsersPage));
