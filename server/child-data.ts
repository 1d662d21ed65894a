import type { ChildData } from './core/child-data.js';
import { accessLogChildData } from './modules/access-log/index.js';
import { attendanceChildData } from './modules/attendance/index.js';
import { consentChildData } from './modules/consent/index.js';
import { examsChildData } from './modules/exams/index.js';
import { familyExportChildData } from './modules/family-export/index.js';
import { followUpChildData } from './modules/follow-up/index.js';
import { galleryChildData } from './modules/gallery/index.js';
import { rolloverChildData } from './modules/rollover/index.js';
import { guardiansChildData } from './modules/guardians/index.js';
import { studentsChildData } from './modules/students/index.js';

/**
 * A child's data: every module that owns rows of a child, in one list (server/core/child-data.ts
 * says what each part holds). A family's export reads it in this order, and its ZIP's files follow
 * it. A child's erasure goes through it backwards: the child's own row comes first and is deleted
 * last, once every other part has done its work and read what its rows' foreign keys are about to
 * take. A part may read the tables of the parts before it (attendance reads the enrolments).
 *
 * Assembled here, beside the other lists of the modules (server/root.ts, server/jobs.ts), and handed
 * to privacy and family-export as a service: family-export owns rows of a child and walks the list,
 * so importing the list from a module would be a module loop.
 */
export const CHILD_DATA: readonly ChildData[] = [
  studentsChildData,
  guardiansChildData,
  consentChildData,
  attendanceChildData,
  examsChildData,
  galleryChildData,
  followUpChildData,
  rolloverChildData,
  familyExportChildData,
  accessLogChildData,
];
