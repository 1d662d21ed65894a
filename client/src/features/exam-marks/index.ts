/** Mark entry of a class in an exam (issue 44): the screen, fetched when first opened. */
import { lazyScreen } from '../../lib/lazy-screen';

export const ExamMarksPage = lazyScreen(() => import('./ExamMarksPage').then((m) => m.ExamMarksPage));
