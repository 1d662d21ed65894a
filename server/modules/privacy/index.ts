// The privacy module's surface for other code: one church's access log, as the operator console
// reads it. Its procedures (erasure, retention, the church's access log) are served from server/root.ts.
export { accessLogOf } from './access-log.js';
export { reapplyErasures } from './erasure.js';
export { erasureJournalIn, readErasureJournal } from './erasure-journal.js';
