import { RECORD_MESSAGES } from '../record-messages.js';
import { textField } from './classes.js';

/** A month of the year as two digits 01-12 (session records, gallery media); '1' is taken as '01'. */
export const monthSchema = textField(RECORD_MESSAGES.monthRequired, RECORD_MESSAGES.monthInvalid)
  .trim()
  .min(1, { error: RECORD_MESSAGES.monthRequired, abort: true })
  .refine((v) => /^(0?[1-9]|1[0-2])$/.test(v), RECORD_MESSAGES.monthInvalid)
  .transform((v) => v.padStart(2, '0'));
