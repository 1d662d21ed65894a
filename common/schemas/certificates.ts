import { z } from 'zod';
import { CERTIFICATE_CODE_LENGTH, CERTIFICATE_MESSAGES } from '../certificates.js';
import { idSchema } from './classes.js';
import { languageSchema } from './language.js';
import { plainString } from './text.js';

/** A class's certificates of its year: issue them, list them. */
export const classCertificatesInput = z.object({ class_id: idSchema('Class is not valid') });

/** The PDF of a class's certificates, or one child's (student_id). */
export const certificatesPdfInput = z.object({ class_id: idSchema('Class is not valid'), student_id: idSchema('Student is not valid').optional() });

/** GET /api/certificates/verify/{code}: the code as printed (grouped or not; a code too long to be one is refused at once). */
export const verifyCertificateInput = z.object({
  code: plainString({ error: CERTIFICATE_MESSAGES.notFound }).trim().min(1, CERTIFICATE_MESSAGES.notFound)
    .max(CERTIFICATE_CODE_LENGTH + 6, CERTIFICATE_MESSAGES.notFound),
  /** The language of the title and class name; the church's by default. */
  lang: languageSchema.optional(),
});
