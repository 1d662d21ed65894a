// The consent module's surface: the church's privacy notice, and every consent answer of one child
// (their export). Whether consent is in force, and stopping a child's open links, are the
// consent-records module's, which this module builds on with students and guardians.
export { privacyNoticeOf, type PrivacyNotice } from './notice.js';

// What this module keeps of a child, for a child's erasure and the family's export (server/child-data.ts).
export { consentChildData } from './child-data.js';
