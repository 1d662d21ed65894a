// The follow-up module's surface for other code: the shape of a child on the follow-up list, and the
// list of a whole academic year for the weekly digest. Its procedures are served from server/root.ts.
export type { FollowUpStudent } from './service.js';
export { followUpOfYear } from './service.js';
// The dashboard's figures of the current academic year (the dashboard's day at a glance reads them).
export { followUpSummary } from './service.js';
// What this module keeps of a child, for a child's erasure and the family's export (server/child-data.ts).
export { followUpChildData } from './child-data.js';
