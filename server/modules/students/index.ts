/** The students module's public surface: the one rule of which students a user may reach, and the
 * row lock that orders writes of a student's contacts. */
export { findAccessibleStudent } from './service.js';
export { lockStudent } from './queries.js';
export type { StudentListRow } from './queries.js';
export { deleteStudentRow } from './queries.js';
export { studentImportRoutes } from './import-routes.js';
