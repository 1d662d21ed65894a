import { z } from 'zod';
import { ACADEMIC_YEAR_CONFIG_LIMITS as L, ACADEMIC_YEAR_CONFIG_MESSAGES as M } from '../record-messages.js';

/** A whole number in [min, max]; numeric text ("9", as a form or a query may send it) is accepted. */
const wholeNumber = (min: number, max: number, message: string) => z
  .union([z.number({ error: message }), z.string({ error: message }).trim().regex(/^\d{1,2}$/, message).transform(Number)], { error: message })
  .pipe(z.number().int(message).min(min, message).max(max, message));

/** PUT /api/gallery/academic-year/config and the configuration panel. */
export const academicYearConfigInput = z.object({
  start_month: wholeNumber(1, 12, M.startMonthInvalid),
  years_ahead: wholeNumber(L.minYears, L.maxYears, M.yearsAheadInvalid),
  years_back: wholeNumber(L.minYears, L.maxYears, M.yearsBackInvalid),
});
