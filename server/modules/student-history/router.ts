import { studentIdInput } from '../../../common/schemas/students.js';
import { capabilityProcedure, router } from '../../trpc/init.js';
import { rest } from '../../rest/meta.js';
import { studentHistory } from './history-service.js';

/** The safety card's readers: a child's history is read with the card. */
const cardReaders = capabilityProcedure('viewSafetyCards');

/**
 * A child's years: classes, attendance and results. A module of its own, served under `students`
 * (server/root.ts), because it reads the students, attendance and exams modules, and the exams
 * module reads the students module (through guardians) for its report cards.
 */
export const studentHistoryRouter = router({
  history: cardReaders
    .meta(rest('GET', '/api/students/{id}/history', 'The student\'s academic years, newest first: per enrolment the class (class_id, '
      + 'class_name, section) and roll_number of that year, and the marks filed under that year\'s classes: present, absent, total, '
      + 'percentage (one decimal; null when none), and result: the year\'s final result in that class once every exam weighing in it '
      + 'is published ({ percentage, division, rank }; null otherwise). A teacher: only a child of their own class'))
    .input(studentIdInput).query(({ ctx, input }) => studentHistory(ctx, input)),
});
