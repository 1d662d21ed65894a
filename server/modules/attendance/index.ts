// The attendance module's surface: how a share of days present is figured (the reports, the printed
// register and a child's history state it the same way).
export { percentagePresent } from './percentage.js';
// A child's attendance over a class's year (the report card prints it).
export { classYearAttendance } from './year-attendance.js';
export { attendanceJobs } from './sync-prune.js';
// What this module keeps of a child, for a child's erasure and the family's export (server/child-data.ts).
export { attendanceChildData } from './child-data.js';
