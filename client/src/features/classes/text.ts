/**
 * English texts of the class screens kept as constants: the academic-year pickers of screens not yet
 * translated (records, configuration, gallery) show the first two, and the browser tests compare
 * `added`. The class screens show the `classes` area's catalogue, which holds the same English
 * (tests/helpers/catalogue-constants.ts keeps them equal).
 */
export const CLASS_TEXT = {
  academicYearsLoadFailed: 'Failed to load academic years',
  /** When the server could not be reached at all, in place of its message. */
  unreachable: 'The server could not be reached.',
  added: 'Class added.',
} as const;
