import { mergeRouters, router } from './trpc/init.js';
import { authRouter } from './modules/auth/router.js';
import { subscriptionRouter } from './modules/subscription/router.js';
import { churchesRouter } from './modules/churches/router.js';
import { paymentsRouter } from './modules/payments/router.js';
import { academicYearRouter } from './modules/academic-year/router.js';
import { rolloverRouter } from './modules/rollover/router.js';
import { classesRouter } from './modules/classes/router.js';
import { studentsRouter } from './modules/students/router.js';
import { studentHistoryRouter } from './modules/student-history/router.js';
import { studentImportRouter } from './modules/student-import/router.js';
import { guardiansRouter } from './modules/guardians/router.js';
import { attendanceRouter } from './modules/attendance/router.js';
import { followUpRouter } from './modules/follow-up/router.js';
import { substitutesRouter } from './modules/substitutes/router.js';
import { consentRouter } from './modules/consent/router.js';
import { recordsRouter } from './modules/records/router.js';
import { usersRouter } from './modules/users/router.js';
import { galleryRouter } from './modules/gallery/router.js';
import { operatorAuthRouter } from './modules/operators/router.js';
import { adminRouter } from './modules/admin/router.js';
import { digestRouter } from './modules/digest/router.js';
import { privacyRouter } from './modules/privacy/router.js';
import { privacyNoticeRouter } from './modules/privacy-notice/router.js';
import { familyExportRouter } from './modules/family-export/router.js';
import { dashboardRouter } from './modules/dashboard/router.js';
import { examsRouter } from './modules/exams/router.js';
import { associationRouter, churchAssociationRouter } from './modules/associations/router.js';

/**
 * One router per domain; each module's router file is thin wiring. A module's router.ts is its
 * surface for this file alone (its index.ts is the surface for other code): exporting routers from
 * the index files would make trpc/init -> doors/church -> auth/index -> auth/router -> trpc/init
 * an import cycle.
 */
export const appRouter = router({
  auth: authRouter,
  subscription: subscriptionRouter,
  churches: churchesRouter,
  payments: paymentsRouter,
  academicYear: academicYearRouter,
  rollover: rolloverRouter,
  classes: classesRouter,
  students: mergeRouters(studentsRouter, studentImportRouter, studentHistoryRouter),
  guardians: guardiansRouter,
  attendance: attendanceRouter,
  followUp: followUpRouter,
  substitutes: substitutesRouter,
  consent: consentRouter,
  records: recordsRouter,
  users: usersRouter,
  gallery: galleryRouter,
  digest: digestRouter,
  privacy: privacyRouter,
  privacyNotice: privacyNoticeRouter,
  familyExport: familyExportRouter,
  dashboard: dashboardRouter,
  exams: examsRouter,
  association: associationRouter,
  churchAssociation: churchAssociationRouter,
  operatorAuth: operatorAuthRouter,
  admin: adminRouter,
});

export type AppRouter = typeof appRouter;

/** What the operator console's own tRPC endpoint serves (/api/admin/trpc, under its cookie's path):
 * the same procedures, under the same names, as `operatorAuth` and `admin` of the app router. */
export const consoleRouter = router({
  operatorAuth: operatorAuthRouter,
  admin: adminRouter,
});
