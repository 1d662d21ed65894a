/** Exams and results: the year's exams with their papers and the result scheme (/exams), and a class's
 * result sheet of an exam (/exams/:examId/classes/:classId/results); each screen fetched when first opened. */
import { lazyScreen } from '../../lib/lazy-screen';

export const ExamsPage = lazyScreen(() => import('./ExamsPage').then((m) => m.ExamsPage));
export const ExamResultsPage = lazyScreen(() => import('./ExamResultsPage').then((m) => m.ExamResultsPage));
