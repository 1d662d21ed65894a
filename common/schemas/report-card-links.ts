import { z } from 'zod';
import { idSchema } from './classes.js';

/** POST /api/exams/report-card-links: a guardian's link to the child's report card of the year. */
export const reportCardLinkInput = z.object({
  student_id: idSchema('Student is not valid'),
  guardian_id: idSchema('Guardian is not valid'),
});
