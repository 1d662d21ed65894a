// The consent module's surface: the church's privacy notice, and every consent answer of one child
// (their export). Whether consent is in force, and stopping a child's open links, are the
// consent-records module's, which this module builds on with students and guardians.
export { privacyNoticeOf, type PrivacyNotice } from './notice.js';
// How many of the year's children lack enrolment consent, in all and per class (the dashboard's day at a glance).
export { consentSummary } from './service.js';

// What this module keeps of a child, for a child's erasure and the family's export (server/child-data.ts).
export { consentChildData } from './child-data.js';
