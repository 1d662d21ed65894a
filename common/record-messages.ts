/**
 * Texts of session records and the academic-year configuration, shown as they are by the client
 * and answered by the server. Apart from the schemas so a screen that only shows them does not
 * download zod with them.
 */
export const RECORD_MESSAGES = {
  academicYearRequired: 'Academic year is required',
  monthRequired: 'Month is required',
  monthInvalid: 'Month must be 01 to 12',
  dateRequired: 'Date is required',
  dateInvalid: 'Please enter a valid date',
  notesRequired: 'Notes are required',
  notesTooLong: 'Notes must be at most 5000 characters',
  idInvalid: 'Invalid record id.',
  notFound: 'Record not found.',
  saved: 'Record saved successfully!',
  updated: 'Record updated successfully!',
  deleted: 'Record deleted successfully!',
  loadFailed: 'Failed to fetch records',
  saveFailed: 'Failed to save record',
  deleteFailed: 'Failed to delete record',
  confirmDelete: 'Are you sure you want to delete this record?',
  empty: 'No session records yet.',
} as const;

export const NOTES_MAX_LENGTH = 5000;

/** Years ahead and years back are each 1 to 10; the start month is a month of the year. */
export const ACADEMIC_YEAR_CONFIG_LIMITS = { minYears: 1, maxYears: 10 } as const;

export const ACADEMIC_YEAR_CONFIG_MESSAGES = {
  startMonthInvalid: 'Start month must be a month from 1 (January) to 12 (December)',
  yearsAheadInvalid: 'Years ahead must be a whole number from 1 to 10',
  yearsBackInvalid: 'Years back must be a whole number from 1 to 10',
  updated: 'Academic year configuration updated successfully!',
  updateFailed: 'Failed to update configuration',
} as const;
