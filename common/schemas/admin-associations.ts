import { z } from 'zod';
import { ASSOCIATION_KINDS } from '../associations.js';
import { CHURCH_CODE_LENGTH } from '../constants.js';
import { LOCALES } from '../i18n/locales.js';
import { emailSchema } from './auth.js';
import { idSchema } from './classes.js';
import { pageNumber } from './paging.js';
import { newPasswordSchema } from './password.js';
import { plainString } from './text.js';

/** Messages of the operator console's associations (shared with the console's form). */
export const ADMIN_ASSOCIATION_MESSAGES = {
  idInvalid: 'The association id is not valid',
  notFound: 'Association not found',
  nameRequired: 'Association name is required',
  nameTooLong: 'Association name must be at most 120 characters',
  codeRequired: 'Association code is required',
  codeInvalid: `The code must be ${CHURCH_CODE_LENGTH} letters or digits`,
  kindInvalid: 'kind must be diocese, district, region or association',
  languagesInvalid: 'Choose 1 to 4 languages among en, ml, ta and hi, each once',
  adminNameRequired: 'The admin\'s name is required',
  adminNameTooLong: 'The admin\'s name must be at most 100 characters',
  searchInvalid: 'search must be text of at most 100 characters',
  codeOfChurch: 'A church already has this code. Choose another code.',
  codeOfAssociation: 'Another association already has this code. Choose another code.',
  created: 'Association created',
  deactivated: 'Association deactivated: its officers are signed out',
  reactivated: 'Association reactivated',
} as const;
const M = ADMIN_ASSOCIATION_MESSAGES;

/**
 * Associations do not pay in this version: an operator creates them, and what is paid is each member
 * church's own subscription. The console says so where a church shows its plan.
 */
export const ASSOCIATION_BILLING_NOTE = 'No subscription: created by the platform. Member churches keep their own plans.';

/** An association's code: the operator's choice, 6 letters or digits, kept in capitals; it shares the
 * sign-in screen's code field with the churches' codes, so it must be no church's. */
const associationCodeSchema = plainString({ error: M.codeRequired }).trim()
  .min(1, M.codeRequired)
  .regex(new RegExp(`^[A-Za-z0-9]{${CHURCH_CODE_LENGTH}}$`), M.codeInvalid)
  .transform((code) => code.toUpperCase());

const languagesSchema = z.array(z.enum(LOCALES, { error: M.languagesInvalid }), { error: M.languagesInvalid })
  .min(1, M.languagesInvalid).max(LOCALES.length, M.languagesInvalid)
  .refine((list) => new Set(list).size === list.length, M.languagesInvalid);

/** POST /api/admin/associations: the association and its first association admin. */
export const adminAssociationCreateInput = z.object({
  name: plainString({ error: M.nameRequired }).trim().min(1, M.nameRequired).max(120, M.nameTooLong),
  code: associationCodeSchema,
  kind: z.enum(ASSOCIATION_KINDS, { error: M.kindInvalid }),
  /** The first is its default language. */
  languages: languagesSchema,
  admin: z.object({
    name: plainString({ error: M.adminNameRequired }).trim().min(1, M.adminNameRequired).max(100, M.adminNameTooLong),
    email: emailSchema,
    password: newPasswordSchema,
  }, { error: 'admin must be an object with name, email and password' }),
});

/** GET /api/admin/associations: a search over name and code; 20 a page by default. */
export const adminAssociationListInput = z.object({
  search: z.preprocess(
    (v) => (v === null || (typeof v === 'string' && v.trim() === '') ? undefined : v),
    plainString({ error: M.searchInvalid }).trim().max(100, M.searchInvalid).optional(),
  ),
  page: pageNumber(1_000_000, 1),
  limit: pageNumber(100, 20),
}).prefault({});

export const adminAssociationIdInput = z.object({ id: idSchema(M.idInvalid) });
