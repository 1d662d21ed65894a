/** The students module's public surface: the one rule of which students a user may reach, and the
 * row lock that orders writes of a student's contacts. */
export { findAccessibleStudent } from './service.js';
export { lockStudent } from './queries.js';
export type { StudentListRow } from './queries.js';
export { studentImportRoutes } from './import-routes.js';
// What this module keeps of a child, for a child's erasure and the family's export (server/child-data.ts).
export { studentsChildData } from './child-data.js';
