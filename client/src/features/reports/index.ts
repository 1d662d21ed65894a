/** Attendance Reports: the screen, fetched when first opened. */
import { lazyScreen } from '../../lib/lazy-screen';

export const AttendanceReportsPage = lazyScreen(() => import('./AttendanceReportsPage').then((m) => m.AttendanceReportsPage));
