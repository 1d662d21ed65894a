import { STUDENT_MESSAGES } from '../../../../common/schemas/students';

/** The texts of the student screens: errors, the empty state and labels. */
export const STUDENT_TEXT = {
  empty: STUDENT_MESSAGES.empty,
  saveFailed: (detail: string) => `Error saving student: ${detail}`,
  /** When the server sent no message of its own. */
  saveFailedDetail: 'The server could not be reached.',
  loadFailed: 'Failed to load students',
  classesLoadFailed: 'Failed to load classes',
  deleteFailed: 'Failed to delete student',
  added: 'Student added.',
  updated: 'Student updated.',
  unreachable: 'The server could not be reached.',
  noClassesToChoose: 'There are no classes to put students in yet.',
  moveHint: 'Moving a student to another class gives them the next roll number of that class.',
} as const;
