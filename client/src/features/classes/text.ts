import { CLASS_MESSAGES } from '../../../../common/class-messages';

/** The texts of the class screens: errors, the empty state and labels. */
export const CLASS_TEXT = {
  empty: CLASS_MESSAGES.empty,
  loadFailed: (detail: string) => `Failed to load classes: ${detail}`,
  saveFailed: 'Failed to save class',
  deleteFailed: 'Failed to delete class',
  teachersLoadFailed: 'Failed to load teachers',
  academicYearsLoadFailed: 'Failed to load academic years',
  unassigned: 'Unassigned',
  added: 'Class added.',
  updated: 'Class updated.',
  /** When the server could not be reached at all, in place of its message. */
  unreachable: 'The server could not be reached.',
} as const;
