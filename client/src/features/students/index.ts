/** The student table and texts, which Student View shows read-only. */
export { StudentsTable } from './StudentsTable';
export { STUDENT_TEXT } from './text';
