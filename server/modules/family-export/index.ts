// The family export module's surface for the app: the one-time download route (a declared plain
// route, its OpenAPI entry with it). Its procedures (the consent form, starting, listing and
// linking exports) are served from server/root.ts.
export { exportDownloadRoute } from './download-route.js';
export { familyExportJobs } from './sweep.js';
// What this module keeps of a child, for a child's erasure and the family's export (server/child-data.ts).
export { familyExportChildData } from './child-data.js';
