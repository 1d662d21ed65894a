// The academic-year module's surface: the church's current academic year and its choices, and the
// academic year of any date.
export { academicYearOfDate, academicYearSettings } from './service.js';
