// The substitutes module's surface: who may take a class's roll call as its substitute (the sheet's
// class, the SQL condition the attendance statements add to the class rule, the refusal of another
// day), and the substitute of each class on a date, for the principal's "Sunday at a glance".
// Its procedures are served from server/root.ts.
export { findRollCallClass, substituteOtherDay } from './access.js';
export { substituteOn } from './queries.js';
export { substitutesForDate } from './service.js';
