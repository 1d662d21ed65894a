import { z } from 'zod';
import { plainString } from './text.js';
import { idSchema, textField } from './classes.js';
import { languageSchema } from './language.js';
import { toE164 } from '../phone.js';
import { STUDENT_MESSAGES } from './students.js';

/** At most this many guardians and authorised pickups per student: a family's contacts, not a directory. */
export const MAX_GUARDIANS = 4;
export const MAX_PICKUPS = 6;
/** An allergy or medical note is a short warning, not a record. */
export const MEDICAL_NOTE_MAX = 500;
/** The guardian at this position is the primary one: the student API's parent_phone and parent_email are theirs. */
export const PRIMARY_GUARDIAN_POSITION = 1;
/** The name given to the guardian made from a student's parent phone and email (migration 0019, the
 * student API), which had no name. */
export const DEFAULT_GUARDIAN_NAME = 'Parent';

export const RELATIONS = ['parent', 'mother', 'father', 'guardian', 'grandparent', 'sibling', 'relative', 'other'] as const;
/** Which of a guardian's phones has WhatsApp. */
export const WHATSAPP_CHOICES = ['phone', 'phone2', 'none'] as const;

export const GUARDIAN_MESSAGES = {
  nameRequired: 'Name is required',
  nameTooLong: 'Name must be at most 100 characters',
  relationInvalid: `Relation must be one of ${RELATIONS.join(', ')}`,
  phoneRequired: 'Phone is required',
  phoneInvalid: 'Please enter a valid phone number (with the country code if it is not an Indian number)',
  whatsappInvalid: 'WhatsApp must be phone, phone2 or none',
  whatsappWithoutPhone2: 'WhatsApp is on the second phone, but there is no second phone',
  consentInvalid: 'Contact consent must be true or false',
  guardiansRequired: 'A student needs at least one guardian with a phone',
  tooManyGuardians: `At most ${MAX_GUARDIANS} guardians per student`,
  tooManyPickups: `At most ${MAX_PICKUPS} authorised pickups per student`,
  listInvalid: 'A list is required',
  medicalNoteTooLong: `The medical note must be at most ${MEDICAL_NOTE_MAX} characters`,
  medicalNoteInvalid: 'The medical note must be text',
  guardianIdUnknown: 'A guardian id is not one of this child\'s guardians (leave id out for a new guardian)',
  guardianListedTwice: 'Each guardian may be listed only once',
} as const;

const nameSchema = textField(GUARDIAN_MESSAGES.nameRequired)
  .trim().normalize('NFC').min(1, GUARDIAN_MESSAGES.nameRequired).max(100, GUARDIAN_MESSAGES.nameTooLong);

const relationSchema = z.enum(RELATIONS, { error: GUARDIAN_MESSAGES.relationInvalid });

/** A phone number, stored in E.164; without a country code it is Indian (+91). */
const phoneSchema = textField(GUARDIAN_MESSAGES.phoneRequired, GUARDIAN_MESSAGES.phoneInvalid)
  .trim()
  .min(1, { error: GUARDIAN_MESSAGES.phoneRequired, abort: true })
  .max(30, { error: GUARDIAN_MESSAGES.phoneInvalid, abort: true })
  .transform((value, ctx) => {
    const e164 = toE164(value);
    if (!e164) ctx.addIssue({ code: 'custom', message: GUARDIAN_MESSAGES.phoneInvalid });
    return e164 ?? z.NEVER;
  });

/** Optional second phone; '' or null is none. */
const optionalPhoneSchema = z.union([z.literal('').transform(() => null), z.null(), phoneSchema], { error: GUARDIAN_MESSAGES.phoneInvalid })
  .optional().transform((v) => v ?? null);

const emailCheck = z.email();
const emailSchema = plainString({ error: STUDENT_MESSAGES.parentEmailInvalid })
  .trim().nullable().optional()
  .transform((v) => v || null)
  .refine((v) => v === null || (v.length <= 254 && emailCheck.safeParse(v).success), STUDENT_MESSAGES.parentEmailInvalid);

export const guardianInput = z.object({
  /** The guardian this row keeps (its id stays, and so do its consent links); left out: a new
   * guardian, or the current one with the same phone when there is one. */
  id: idSchema(GUARDIAN_MESSAGES.guardianIdUnknown).optional(),
  name: nameSchema,
  relation: relationSchema,
  phone: phoneSchema,
  phone2: optionalPhoneSchema,
  whatsapp: z.enum(WHATSAPP_CHOICES, { error: GUARDIAN_MESSAGES.whatsappInvalid }).default('none'),
  email: emailSchema,
  language: languageSchema.nullable().optional().transform((v) => v ?? null),
  contact_consent: z.boolean({ error: GUARDIAN_MESSAGES.consentInvalid }).default(false),
}).refine((g) => g.whatsapp !== 'phone2' || g.phone2 !== null, { message: GUARDIAN_MESSAGES.whatsappWithoutPhone2, path: ['whatsapp'] });

export type GuardianInput = z.output<typeof guardianInput>;

/** A child's guardians, in order: the first is the primary guardian. */
export const guardianListInput = z.array(guardianInput, { error: GUARDIAN_MESSAGES.listInvalid })
  .min(1, GUARDIAN_MESSAGES.guardiansRequired).max(MAX_GUARDIANS, GUARDIAN_MESSAGES.tooManyGuardians);

const pickupInput = z.object({ name: nameSchema, relation: relationSchema, phone: phoneSchema });

const studentId = idSchema(STUDENT_MESSAGES.idInvalid);

/** GET of a student's guardians, pickups, safety card, medical note and its read log. */
export const studentRefInput = z.object({ id: studentId });

/** PUT /api/students/{id}/guardians: the whole list, in order; the first is the primary guardian. A
 * guardian who stays is named by `id`; the current guardians left out are removed. */
export const replaceGuardiansInput = z.object({
  id: studentId,
  guardians: guardianListInput
    .refine((list) => {
      const ids = list.flatMap((g) => (g.id ? [g.id.toLowerCase()] : []));
      return new Set(ids).size === ids.length;
    }, GUARDIAN_MESSAGES.guardianListedTwice),
});

/** PUT /api/students/{id}/pickups: the whole list, in order; [] removes every pickup. */
export const replacePickupsInput = z.object({
  id: studentId,
  pickups: z.array(pickupInput, { error: GUARDIAN_MESSAGES.listInvalid }).max(MAX_PICKUPS, GUARDIAN_MESSAGES.tooManyPickups),
});

/** PUT /api/students/{id}/medical-note: '' or null removes the note. */
export const setMedicalNoteInput = z.object({
  id: studentId,
  note: plainString({ error: GUARDIAN_MESSAGES.medicalNoteInvalid })
    .trim().normalize('NFC').max(MEDICAL_NOTE_MAX, GUARDIAN_MESSAGES.medicalNoteTooLong)
    .nullable().transform((v) => v || null),
});

/** PUT /api/students/{id}/emergency-contact: null removes it. */
export const setEmergencyContactInput = z.object({
  id: studentId,
  contact: z.object({ name: nameSchema, phone: phoneSchema }).nullable(),
});
