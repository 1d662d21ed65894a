import { z } from 'zod';
import { academicYearSchema } from './classes.js';
import { plainString } from './text.js';

/** Inputs of what an association sees of its member churches: a year's month, or the year. */
const TOTALS_INPUT_MESSAGES = {
  monthRequired: 'Month is required',
  monthInvalid: 'Month must be a month as YYYY-MM, e.g. 2026-07',
} as const;

const monthSchema = plainString({ error: (issue) => (issue.input === undefined || issue.input === null ? TOTALS_INPUT_MESSAGES.monthRequired : TOTALS_INPUT_MESSAGES.monthInvalid) })
  .trim().regex(/^[0-9]{4}-(0[1-9]|1[0-2])$/, TOTALS_INPUT_MESSAGES.monthInvalid);

/** GET /api/associations/totals (and .csv): the member churches' figures of a month of an academic year. */
export const associationTotalsInput = z.object({ academic_year: academicYearSchema, month: monthSchema });
/** GET /api/associations/trend: each month of the academic year. */
export const associationTrendInput = z.object({ academic_year: academicYearSchema });
