/** The student table, which Student View shows read-only (it brings the `students` area's texts). */
export { StudentsTable } from './StudentsTable';
