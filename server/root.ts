import { router } from './trpc/init.js';
import { authRouter } from './modules/auth/router.js';
import { subscriptionRouter } from './modules/subscription/router.js';
import { academicYearRouter } from './modules/academic-year/router.js';
import { classesRouter } from './modules/classes/router.js';
import { studentsRouter } from './modules/students/router.js';
import { attendanceRouter } from './modules/attendance/router.js';

/** One router per domain; each module's router file is thin wiring. */
export const appRouter = router({
  auth: authRouter,
  subscription: subscriptionRouter,
  academicYear: academicYearRouter,
  classes: classesRouter,
  students: studentsRouter,
  attendance: attendanceRouter,
});

export type AppRouter = typeof appRouter;
