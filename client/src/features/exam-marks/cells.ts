import { EXAM_MESSAGES } from '../../../../common/exams';
import { markAgainstPaper } from '../../../../common/schemas/exams';
import type { MessageId } from '../../lib/i18n';

/** A cell's value as the API takes it: marks, 'AB' absent, or null (not entered). */
export type CellValue = number | 'AB' | null;
export interface PaperOfList { id: string; name: string; max_marks: number; half_marks_allowed: boolean }

/** The key of one child's paper. */
export const cellKey = (studentId: string, paperId: string) => `${studentId} ${paperId}`;

/** A value as the input shows it: '42', '37.5', 'AB' or ''. */
export const textOf = (value: CellValue) => (value === null ? '' : String(value));

/** What was typed, as the API takes it: '' nothing, 'ab' absent, '37,5' or '37.5' a number; anything
 * else stays text, which the shared schema refuses with its own message. */
export function valueOf(text: string): number | string | null {
  const typed = text.trim();
  if (typed === '') return null;
  if (typed.toUpperCase() === 'AB') return 'AB';
  const number = typed.replace(',', '.');
  return /^\d+(\.\d+)?$|^\.\d+$/.test(number) ? Number(number) : typed;
}

/** Why a typed value does not fit its paper, as a catalogue id and its values; null when it fits.
 * The verdict is the shared schema's (markAgainstPaper), the one the server checks each cell with. */
export function cellProblem(text: string, paper: PaperOfList): { id: MessageId; values?: Record<string, number> } | null {
  const checked = markAgainstPaper(paper).safeParse(valueOf(text));
  if (checked.success) return null;
  const message = checked.error.issues[0]?.message;
  if (message === EXAM_MESSAGES.aboveMax(paper.max_marks)) return { id: 'exammarks.aboveMax', values: { max: paper.max_marks } };
  if (message === EXAM_MESSAGES.halfMarksNotAllowed) return { id: 'exammarks.wholeOnly' };
  return { id: 'exammarks.invalid' };
}

/** The checked value of a cell (call after `cellProblem` said it fits). */
export const checkedValue = (text: string, paper: PaperOfList): CellValue => markAgainstPaper(paper).parse(valueOf(text));
