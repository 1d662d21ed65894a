import {
  replaceGuardiansInput, replacePickupsInput, setEmergencyContactInput, setMedicalNoteInput, studentRefInput,
} from '../../../common/schemas/guardians.js';
import { capabilityProcedure, router } from '../../trpc/init.js';
import { rest } from '../../rest/meta.js';
import {
  listGuardians, listPickups, medicalNoteViews, readMedicalNote, replaceGuardians, replacePickups, safetyCard,
  setEmergencyContact, setMedicalNote,
} from './service.js';

/** Readers and editors are the staff (a teacher: their own classes' students, the rule applied in
 * each handler); the medical note's read log is for those answerable for the children. */
const readers = capabilityProcedure('viewSafetyCards');
const editors = capabilityProcedure('manageStudents');

export const guardiansRouter = router({
  safetyCard: readers
    .meta(rest('GET', '/api/students/{id}/safety-card', 'The child safety card: student (name, class, active: false once the child has '
      + 'left), guardians and authorised pickups with their phones and links (tel:, WhatsApp; display: the number for reading, '
      + '+91 98470 12345), has_medical_note (the note itself is GET .../medical-note), emergency_contact, family_language (what the '
      + 'consent form is printed in unless another is asked for: the first guardian\'s language, else the church\'s)'))
    .input(studentRefInput).query(({ ctx, input }) => safetyCard(ctx, input)),
  guardians: readers
    .meta(rest('GET', '/api/students/{id}/guardians', 'The student\'s guardians in order (the first is the primary one, whose phone and '
      + 'email are the student\'s parent_phone and parent_email), with consent and who recorded it'))
    .input(studentRefInput).query(({ ctx, input }) => listGuardians(ctx, input)),
  replaceGuardians: editors
    .meta(rest('PUT', '/api/students/{id}/guardians', 'Replace the guardians list (1 to 4, in order): name, relation, phone, phone2, '
      + 'whatsapp (phone, phone2, none), email, language, contact_consent. Phones without a country code are Indian (+91); stored in '
      + 'E.164. Audited'))
    .input(replaceGuardiansInput).mutation(({ ctx, input }) => replaceGuardians(ctx, input)),
  pickups: readers
    .meta(rest('GET', '/api/students/{id}/pickups', 'The people authorised to collect the student, in order'))
    .input(studentRefInput).query(({ ctx, input }) => listPickups(ctx, input)),
  replacePickups: editors
    .meta(rest('PUT', '/api/students/{id}/pickups', 'Replace the authorised pickups list (0 to 6, in order): name, relation, phone. Audited'))
    .input(replacePickupsInput).mutation(({ ctx, input }) => replacePickups(ctx, input)),
  setEmergencyContact: editors
    .meta(rest('PUT', '/api/students/{id}/emergency-contact', 'Set the emergency contact { name, phone }, or null to remove it. Audited'))
    .input(setEmergencyContactInput).mutation(({ ctx, input }) => setEmergencyContact(ctx, input)),
  setMedicalNote: editors
    .meta(rest('PUT', '/api/students/{id}/medical-note', 'Set the allergy or medical note (at most 500 characters; empty or null removes it). '
      + 'Audited without its text'))
    .input(setMedicalNoteInput).mutation(({ ctx, input }) => setMedicalNote(ctx, input)),
  medicalNote: readers
    .meta(rest('GET', '/api/students/{id}/medical-note', 'The medical note\'s text (null when none), for the teacher of the student\'s '
      + 'class, the principal and the super admin; every read is logged'))
    .input(studentRefInput).query(({ ctx, input }) => readMedicalNote(ctx, input)),
  medicalNoteViews: capabilityProcedure('viewMedicalNoteLog')
    .meta(rest('GET', '/api/students/{id}/medical-note/views', 'Who read the student\'s medical note and when, newest first '
      + '(super_admin, principal)'))
    .input(studentRefInput).query(({ ctx, input }) => medicalNoteViews(ctx, input)),
});
