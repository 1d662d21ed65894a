/** Exams and results: the year's exams with their papers, the result scheme and the classes' certificates
 * (/exams), a class's result sheet of an exam (/exams/:examId/classes/:classId/results), and the public check
 * of a certificate (/verify/:code, no sign-in); each screen fetched when first opened. */
import { lazyScreen } from '../../lib/lazy-screen';

export const ExamsPage = lazyScreen(() => import('./ExamsPage').then((m) => m.ExamsPage));
export const ExamResultsPage = lazyScreen(() => import('./ExamResultsPage').then((m) => m.ExamResultsPage));
export const CertificateCheckPage = lazyScreen(() => import('./CertificateCheckPage').then((m) => m.CertificateCheckPage));
