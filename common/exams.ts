/**
 * Exams and results (issue 44): the texts the server answers with, the result scheme's defaults and
 * the rule of one mark, shared with the client (the mark list checks a value as the server does).
 */
export const EXAM_MESSAGES = {
  examNotFound: 'Exam not found.',
  paperNotFound: 'Paper not found.',
  examNameTaken: 'This academic year already has an exam of that name.',
  paperNameTaken: 'This class already has a paper of that name in this exam.',
  classNotOfYear: 'Please choose a class of the exam\'s academic year.',
  examPublished: 'The results of this exam are published, so its marks are locked. A correction needs a reason and is recorded.',
  amendmentByManagers: 'The results are published: only the principal or a super admin can correct a mark, with a reason.',
  notPublished: 'This exam\'s results are not published.',
  alreadyPublished: 'This exam\'s results are published already.',
  publishedSetupLocked: 'The results of this exam are published: unpublish them before changing its papers.',
  examHasMarks: 'Marks are entered for this exam, so it cannot be deleted.',
  paperHasMarks: 'Marks are entered for this paper, so it cannot be deleted.',
  maxBelowMarks: 'Some marks entered for this paper are above the new maximum.',
  halfMarksInUse: 'Some marks entered for this paper are half marks: allow them, or change those marks first.',
  studentNotInClass: 'A child of the list is not in this class.',
  childNotInClass: 'This child is not in this class.',
  paperNotOfClass: 'A paper of the list is not a paper of this class in this exam.',
  duplicateEntry: 'Each child\'s paper may appear only once in a list.',
  duplicateRemark: 'Each child may have only one remark in a list.',
  marksInvalid: 'Marks must be a number from 0, in whole or half marks, or AB for absent.',
  yearHasExams: 'This academic year has exams already, so last year\'s cannot be copied into it.',
  nothingToCopy: 'The academic year before has no exams to copy.',
  schemeOrder: 'The pass mark and the divisions must rise: pass ≤ second class ≤ first class ≤ distinction ≤ 100.',
  gradeBandsOrder: 'Each grade band needs its own grade and its own lowest percentage.',
  datesOrder: 'The exam cannot end before it starts.',
  saved: 'Marks saved.',
  published: 'Results published. The marks are now locked.',
  unpublished: 'Results unpublished. The marks can be changed again.',
  /** Marks above the paper's maximum. */
  aboveMax: (max: number) => `Marks must be at most ${max} in this paper.`,
  halfMarksNotAllowed: 'This paper takes whole marks only.',
} as const;

export const EXAM_KINDS = ['test', 'half_yearly', 'annual'] as const;
type ExamKind = (typeof EXAM_KINDS)[number];

/** The paper every class gets when an exam is made. */
export const DEFAULT_PAPER = { name: 'Scripture', max_marks: 100, half_marks_allowed: false } as const;

/** A grade band: the grade of a percentage at or above `min_percent` (the highest band that fits). */
interface GradeBand { grade: string; min_percent: number }

/** The church's result scheme, as the API answers and takes it. */
export interface ResultScheme {
  pass_percent: number;
  distinction_percent: number;
  first_class_percent: number;
  second_class_percent: number;
  grade_bands: GradeBand[];
  /** The year's final result: each kind of exam's weight (an exam may carry its own). */
  weights: Record<ExamKind, number>;
}

/** The defaults of decisions.md: pass 35 %, distinction 75 %, first class 60 %, second class 50 %; the
 * year's final result half-yearly 40 %, annual 60 %, tests not counted; no grades. */
export const DEFAULT_RESULT_SCHEME: ResultScheme = {
  pass_percent: 35,
  distinction_percent: 75,
  first_class_percent: 60,
  second_class_percent: 50,
  grade_bands: [],
  weights: { test: 0, half_yearly: 40, annual: 60 },
};

/** What a child's result is: complete (every paper entered, not absent in all), absent in every paper
 * (no result, not ranked), or pending (a paper not entered yet, not ranked). */
export type ResultState = 'complete' | 'absent' | 'pending';
export type Division = 'distinction' | 'first_class' | 'second_class' | 'pass' | 'fail';

/** What a paper says of its marks. */
export interface PaperRule { max_marks: number; half_marks_allowed: boolean }

/** The one rule of a mark against its paper (the client's keypad and the server's check): at most
 * the paper's maximum, whole marks unless the paper allows halves. Null: the mark fits. */
export function markProblem(marks: number, paper: PaperRule): string | null {
  if (marks > paper.max_marks) return EXAM_MESSAGES.aboveMax(paper.max_marks);
  if (!paper.half_marks_allowed && !Number.isInteger(marks)) return EXAM_MESSAGES.halfMarksNotAllowed;
  return null;
}
