/** What the screens that show or pick classes share: the class texts and the church's academic years
 * (how a class is named is in lib/class-label.ts). */
export { useAcademicYears, yearOptions } from './useAcademicYears';
import { lazyScreen } from '../../lib/lazy-screen';

/** The Configuration screen's class list editor (principals and super admins). */
export const ClassNamesCard = lazyScreen(() => import('./ClassNamesCard').then((m) => m.ClassNamesCard));
