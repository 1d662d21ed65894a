import { z } from 'zod';
import { plainString } from './text.js';
import { idSchema } from './classes.js';
import { CHURCH_CODE_LENGTH } from '../constants.js';

/** Inputs of an association's members, sections and circulars, and of a church's answers. */
const ASSOCIATION_INPUT_MESSAGES = {
  churchCodeRequired: 'Church code is required',
  churchCodeInvalid: `A church code has ${CHURCH_CODE_LENGTH} letters and digits`,
  sectionNameRequired: 'Section name is required',
  sectionNameTooLong: 'Section name must be at most 80 characters',
  titleRequired: 'Title is required',
  titleTooLong: 'Title must be at most 200 characters',
  bodyRequired: 'Text is required',
  bodyTooLong: 'Text must be at most 20000 characters',
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
