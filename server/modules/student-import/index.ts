/** The student import's public surface: its plain routes (the preview and the template); its
 * procedure (served as `students.import`, merged into the students router) is in router.ts, for
 * server/root.ts alone. It builds on the students module (adding students) and the guardians module
 * (a row's guardians), which is why it is a module of its own: the guardians module builds on
 * students, so students cannot build on guardians. */
export { studentImportRoutes } from './import-routes.js';
