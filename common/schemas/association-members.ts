import { z } from 'zod';
import { plainString } from './text.js';
import { idSchema } from './classes.js';
import { CHURCH_CODE_LENGTH } from '../constants.js';
import { OFFICER_ROLES } from '../associations.js';
import { emailSchema } from './auth.js';
import { newPasswordSchema } from './password.js';

/** The largest PDF a circular may carry. */
export const CIRCULAR_PDF_MAX_MB = 10;

/** Inputs of an association's members, sections and circulars, and of a church's answers. */
export const ASSOCIATION_INPUT_MESSAGES = {
  churchCodeRequired: 'Church code is required',
  churchCodeInvalid: `A church code has ${CHURCH_CODE_LENGTH} letters and digits`,
  sectionNameRequired: 'Section name is required',
  sectionNameTooLong: 'Section name must be at most 80 characters',
  titleRequired: 'Title is required',
  titleTooLong: 'Title must be at most 200 characters',
  bodyRequired: 'Text is required',
  bodyTooLong: 'Text must be at most 20000 characters',
  pdfNotPdf: 'The attached file is not a PDF. Attach a PDF document, or none.',
  pdfTooLarge: `The PDF is larger than ${CIRCULAR_PDF_MAX_MB} MB. Attach a smaller file.`,
  pdfEmpty: 'The attached PDF is empty.',
  onePdf: 'Attach at most one PDF to a circular.',
  notMultipart: 'Send the circular as multipart/form-data: the fields title, body, section_id, then the file pdf.',
  malformed: 'The upload could not be read: it was cut off or is not well-formed multipart/form-data.',
} as const;
const M = ASSOCIATION_INPUT_MESSAGES;

const sectionIdSchema = idSchema('Section is not valid');
const optionalSection = sectionIdSchema.nullable().optional().transform((value) => value ?? null);

const sectionNameSchema = plainString({ error: M.sectionNameRequired }).trim()
  .min(1, M.sectionNameRequired).max(80, M.sectionNameTooLong);

export const createSectionInput = z.object({ name: sectionNameSchema });
export const renameSectionInput = z.object({ id: sectionIdSchema, name: sectionNameSchema });
export const sectionIdInput = z.object({ id: sectionIdSchema });

export const inviteChurchInput = z.object({
  church_code: plainString({ error: M.churchCodeRequired }).trim().min(1, M.churchCodeRequired)
    .transform((code) => code.toUpperCase()).pipe(z.string().regex(/^[A-Z0-9]{6}$/, M.churchCodeInvalid)),
  section_id: optionalSection,
});
export const membershipIdInput = z.object({ id: idSchema('Membership is not valid') });
export const setMemberSectionInput = z.object({ id: idSchema('Membership is not valid'), section_id: optionalSection });

export const publishCircularInput = z.object({
  title: plainString({ error: M.titleRequired }).trim().min(1, M.titleRequired).max(200, M.titleTooLong),
  body: plainString({ error: M.bodyRequired }).trim().min(1, M.bodyRequired).max(20_000, M.bodyTooLong),
  /** Null: every member church; else the churches of that section. */
  section_id: optionalSection,
});
export const circularIdInput = z.object({ id: idSchema('Circular is not valid') });

const officerRoleSchema = z.enum(OFFICER_ROLES, { error: 'Role must be association admin, examination controller, section convener or valuer' });

/** POST /api/association/officers: a section convener names their section; the others none. */
export const officerCreateInput = z.object({
  name: plainString({ error: 'Name is required' }).trim().min(1, 'Name is required').max(120, 'Name must be at most 120 characters'),
  email: emailSchema,
  password: newPasswordSchema,
  role: officerRoleSchema,
  section_id: optionalSection,
});

/** PUT /api/association/officers/{id}: a field left out keeps its value. */
export const officerUpdateInput = z.object({
  id: idSchema('Officer is not valid'),
  role: officerRoleSchema.optional(),
  section_id: sectionIdSchema.nullable().optional(),
  is_active: z.boolean({ error: 'is_active must be true or false' }).optional(),
});
