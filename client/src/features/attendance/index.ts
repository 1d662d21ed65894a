/** Mark Attendance: the screen (fetched when first opened) and its first calls. */
import { lazyScreen } from '../../lib/lazy-screen';

export const MarkAttendancePage = lazyScreen(() => import('./MarkAttendancePage').then((m) => m.MarkAttendancePage));
export { prefetchMarkAttendance } from './prefetch';
