// The exams module's surface: the child's exam marks, remarks and corrections, as a part of the
// child's data (server/child-data.ts), and the year's published final results, which the rollover
// (held back on a fail) and the child's history (the safety card) read. Its procedures are served
// from server/root.ts.
export { examsChildData } from './child-data.js';
export { publishedFinalResults, type PublishedYearResult } from './year-results.js';
// A guardian's report card through their link (a route of its own: the link door, no session).
export { reportCardLinkRoute } from './report-card-link-route.js';
