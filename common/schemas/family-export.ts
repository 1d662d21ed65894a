import { z } from 'zod';
import { idSchema } from './classes.js';
import { languageSchema } from './language.js';

export const FAMILY_EXPORT_MESSAGES = {
  studentIdInvalid: 'Student id must be a valid id',
  exportIdInvalid: 'Export id must be a valid id',
  exportNotFound: 'Export not found',
  notReady: 'This export is not ready to download',
  gone: 'This download link has been used or has expired. Ask for a new export.',
  linkNotFound: 'Download link not found',
  started: 'The export is being prepared',
  pending: 'An export of this child is already being prepared',
} as const;

/** How long a finished export may be downloaded. */
export const FAMILY_EXPORT_HOURS = 24;

/** GET /api/students/{id}/consent-form?lang=xx (the family's language unless one is asked for). */
export const consentFormInput = z.object({
  id: idSchema(FAMILY_EXPORT_MESSAGES.studentIdInvalid),
  lang: languageSchema.optional(),
});

/** POST /api/students/{id}/export, GET /api/students/{id}/exports */
export const exportStudentInput = z.object({ id: idSchema(FAMILY_EXPORT_MESSAGES.studentIdInvalid) });

/** POST /api/exports/{id}/link */
export const exportRefInput = z.object({ id: idSchema(FAMILY_EXPORT_MESSAGES.exportIdInvalid) });

/** A download token as links carry it: 32 random bytes in base64url. */
export const DOWNLOAD_TOKEN = /^[A-Za-z0-9_-]{43}$/;
