import { z } from 'zod';
import { RETENTION_YEARS } from '../consent.js';
import { STUDENT_MESSAGES } from './students.js';
import { ADMIN_CHURCH_MESSAGES } from './admin-churches.js';
import { idSchema } from './classes.js';
import { pageNumber } from './paging.js';
import { plainString } from './text.js';

/** Texts of erasure, retention and the access log, shown as they are by the client (which finds
 * their translation by the English). */
export const PRIVACY_MESSAGES = {
  confirmName: 'Type the child\'s name exactly to confirm.',
  erased: 'The child\'s data was erased.',
  retentionInvalid: 'Years must be a whole number from 1 to 10.',
  kept: 'The child\'s data is kept for another year.',
  kindInvalid: 'kind must be medical_note, export, consent_records, safety_card, guardians, pickups, consent_form or follow_up',
  /** The child of an access-log entry once the child is erased (the entry stays, without the child). */
  erasedChild: 'Erased child',
} as const;

/** What an access-log entry records a read of (the access-log module's kinds). */
export const ACCESS_LOG_KINDS = [
  'medical_note', 'export', 'consent_records', 'safety_card', 'guardians', 'pickups', 'consent_form', 'follow_up', 'report_card',
] as const;
export type AccessLogKind = (typeof ACCESS_LOG_KINDS)[number];

/** The access log's page size, and the most a caller may ask for. */
export const ACCESS_LOG_PAGE_SIZE = 25;
const ACCESS_LOG_MAX_PAGE_SIZE = 100;
const MAX_PAGE = 1_000_000;

/** The name as the erasing user typed it: compared with the stored name (NFC, trimmed) exactly. */
const confirmName = plainString({ error: PRIVACY_MESSAGES.confirmName }).trim().normalize('NFC')
  .min(1, PRIVACY_MESSAGES.confirmName).max(200, PRIVACY_MESSAGES.confirmName);

/** POST /api/students/{id}/erase. */
export const eraseStudentInput = z.object({ id: idSchema(STUDENT_MESSAGES.idInvalid), confirm_name: confirmName });

/** Whether a typed name confirms the erasure of a child of this stored name: the server's rule,
 * shared with the dialog that enables its button. */
export const confirmsName = (typed: string, name: string) => typed.trim().normalize('NFC') === name.trim().normalize('NFC');

/** PUT /api/privacy/retention: a whole number of years; numeric text ("3", as a form may send it) is accepted. */
export const retentionInput = z.object({
  years: z
    .union([
      z.number({ error: PRIVACY_MESSAGES.retentionInvalid }),
      z.string({ error: PRIVACY_MESSAGES.retentionInvalid }).trim().regex(/^\d{1,2}$/, PRIVACY_MESSAGES.retentionInvalid).transform(Number),
    ], { error: PRIVACY_MESSAGES.retentionInvalid })
    .pipe(z.number().int(PRIVACY_MESSAGES.retentionInvalid).min(RETENTION_YEARS.min, PRIVACY_MESSAGES.retentionInvalid)
      .max(RETENTION_YEARS.max, PRIVACY_MESSAGES.retentionInvalid)),
});

/** POST /api/privacy/erasure-candidates/{id}/keep. */
export const keepStudentInput = z.object({ id: idSchema(STUDENT_MESSAGES.idInvalid) });

/** A query-string filter: missing or blank means no filter. */
const optionalFilter = <T extends z.ZodType>(schema: T) =>
  z.preprocess((v) => (v === null || (typeof v === 'string' && v.trim() === '') ? undefined : v), schema.optional());

const accessLogFilters = {
  kind: optionalFilter(z.enum(ACCESS_LOG_KINDS, { error: PRIVACY_MESSAGES.kindInvalid })),
  page: pageNumber(MAX_PAGE, 1),
  limit: pageNumber(ACCESS_LOG_MAX_PAGE_SIZE, ACCESS_LOG_PAGE_SIZE),
};

/** GET /api/privacy/access-log: newest first; filters kind and student_id. */
export const accessLogInput = z.object({
  ...accessLogFilters,
  student_id: optionalFilter(idSchema(STUDENT_MESSAGES.idInvalid)),
}).prefault({});

/** GET /api/admin/churches/{id}/access-log: one church's log, newest first; filter kind. */
export const adminAccessLogInput = z.object({ id: idSchema(ADMIN_CHURCH_MESSAGES.churchIdInvalid), ...accessLogFilters });
