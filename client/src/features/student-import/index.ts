/** Importing students from a spreadsheet: the dialog the Students screen opens. */
export { ImportStudentsDialog } from './ImportStudentsDialog';
