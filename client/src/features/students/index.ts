/** The student table and texts, which Student View shows read-only. */
export { studentsTable } from './StudentsTable';
export { STUDENT_TEXT } from './text';
