import type { Division } from '../../../../common/exams';
import type { MessageId } from '../../lib/i18n';
import type { RouterOutputs } from '../../lib/trpc';

/** An exam of the year's list. */
export type ExamItem = RouterOutputs['exams']['list']['exams'][number];

type Kind = 'test' | 'half_yearly' | 'annual';

/** The catalogue id of an exam's kind. */
export const KIND_LABEL: Record<Kind, MessageId> = { test: 'exams.kind.test', half_yearly: 'exams.kind.halfYearly', annual: 'exams.kind.annual' };

/** The catalogue id of a division. */
export const DIVISION_LABEL: Record<Division, MessageId> = {
  distinction: 'exams.division.distinction',
  first_class: 'exams.division.firstClass',
  second_class: 'exams.division.secondClass',
  pass: 'exams.division.pass',
  fail: 'exams.division.fail',
};

/** Where a class's marks are entered and its results read. */
export const marksPath = (examId: string, classId: string) => `/exams/${examId}/classes/${classId}/marks`;
export const resultsPath = (examId: string, classId: string) => `/exams/${examId}/classes/${classId}/results`;

/** A number as a mark list writes it: 40.5, 80 (no trailing zeros). */
export const formatMarks = (value: number) => String(value);
