import { authRestRoutes } from '../modules/auth/rest.js';
import { subscriptionRestRoutes } from '../modules/subscription/rest.js';
import { academicYearRestRoutes } from '../modules/academic-year/rest.js';
import { classesRestRoutes } from '../modules/classes/rest.js';
import { studentsRestRoutes } from '../modules/students/rest.js';
import { attendanceRestRoutes } from '../modules/attendance/rest.js';
import type { RestRoute } from './route-table.js';

/** Every documented REST path, gathered from the domain modules. */
export const restRoutes: RestRoute[] = [
  ...authRestRoutes,
  ...subscriptionRestRoutes,
  ...academicYearRestRoutes,
  ...classesRestRoutes,
  ...studentsRestRoutes,
  ...attendanceRestRoutes,
];
