/** The students module's public surface: the one rule of which students a user may reach, the row
 * lock that orders writes of a student's contacts, and the one write of whether a child is on the roll. */
export { findAccessibleStudent } from './service.js';
export { lockStudent, setStudentActive } from './queries.js';
export type { StudentListRow } from './queries.js';
// What the student import (server/modules/student-import/) adds students with.
export { insertStudents, saveImportMapping, selectClassStudentKeys, selectImportMapping } from './queries.js';
// What this module keeps of a child, for a child's erasure and the family's export (server/child-data.ts).
export { studentsChildData } from './child-data.js';
