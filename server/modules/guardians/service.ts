import type { z } from 'zod';
import {
  GUARDIAN_MESSAGES, type guardianInput, type GuardianInput, type replaceGuardiansInput, type replacePickupsInput,
  type setEmergencyContactInput, type setMedicalNoteInput,
} from '../../../common/schemas/guardians.js';
import { toE164 } from '../../../common/phone.js';
import { badRequest } from '../../core/errors.js';
import type { TenantScope } from '../../core/scopes.js';
import type { Tx } from '../../db/index.js';
import { auditChurchChange } from '../audit/index.js';
import { recordConsentAnswers, revokeConsentLinks } from '../consent-records/index.js';
import { findAccessibleStudent, lockStudent, type StudentListRow } from '../students/index.js';
import { toEmergencyContactDto, toGuardianDto, toPickupDto, type GuardianDto } from './dto.js';
import { familyLanguage } from './family-language.js';
import {
  replaceGuardianRows, replacePickupRows, selectCare, selectGuardians, selectGuardiansOf, selectPickups, updateContactConsent,
  upsertCare, type GuardianRow, type NewGuardian,
} from './queries.js';
import { readsOfChild, recordChildDataRead } from '../access-log/index.js';

// Who may reach a student is the students module's one rule (findAccessibleStudent): a teacher only
// their own classes' students, anyone else's answered as not found; row-level security keeps other
// churches out. Every handler asks it first, before reading or writing anything of the student.

/** The student, locked against a concurrent replacement of their lists (one list write at a time). */
async function lockedStudent(scope: TenantScope, id: string) {
  const student = await findAccessibleStudent(scope, id);
  await lockStudent(scope.tx, scope.church.id, student.id);
  return student;
}

const audit = (scope: TenantScope, student: StudentListRow, action: string, details: Record<string, unknown>, description: string) =>
  auditChurchChange(scope.tx, {
    user: scope.user, action, resourceType: 'student', resourceId: student.id, details: { student_name: student.name, ...details },
    description: `${description} of ${student.name}`,
  });

/** A read of the child's contacts, in the access log in the same transaction (a read that cannot be
 * logged is not answered). */
const logRead = (scope: TenantScope, studentId: string, kind: 'safety_card' | 'guardians' | 'pickups') =>
  recordChildDataRead(scope.tx, { churchId: scope.church.id, studentId, kind, reader: scope.user });

/** GET /api/students/{id}/guardians; each read is in the access log. */
export async function listGuardians(scope: TenantScope, { id }: { id: string }) {
  const student = await findAccessibleStudent(scope, id);
  const rows = await selectGuardians(scope.tx, scope.church.id, student.id);
  await logRead(scope, student.id, 'guardians');
  return rows.map(toGuardianDto);
}

/** The same number, whether stored before the guardians API (as written) or after it (E.164). */
const samePhone = (stored: string, e164: string) => (toE164(stored) ?? stored) === e164;

/**
 * Consent to be contacted is recorded with when and by whom. A guardian who stays with the same
 * phone and the same answer keeps its record; a new guardian, or a changed answer, is recorded now
 * by the signed-in user.
 */
function consentRecord(scope: TenantScope, guardian: GuardianInput, old: GuardianRow | undefined) {
  return old && samePhone(old.phone, guardian.phone) && old.contactConsent === guardian.contact_consent
    ? { consentRecordedAt: old.consentRecordedAt, consentRecordedBy: old.consentRecordedBy }
    : { consentRecordedAt: new Date(), consentRecordedBy: scope.user.id };
}

/**
 * Which current guardian each row of the new list is: the one its `id` names (an id that is not one
 * of the child's guardians is a 400), else, for a row sent without id (clients of the list before
 * ids), the current guardian with the same phone that no other row claimed; else a new guardian.
 */
function matchGuardians(input: z.output<typeof guardianInput>[], before: GuardianRow[]): Array<GuardianRow | undefined> {
  const byId = new Map(before.map((g) => [g.id.toLowerCase(), g]));
  const claimed = new Set<string>();
  const matched = input.map((g) => {
    if (!g.id) return undefined;
    const old = byId.get(g.id.toLowerCase());
    if (!old) throw badRequest(GUARDIAN_MESSAGES.guardianIdUnknown, { reason: 'guardian_not_of_child' });
    claimed.add(old.id);
    return old;
  });
  return matched.map((old, i) => {
    if (old || input[i].id) return old;
    const same = before.find((b) => !claimed.has(b.id) && samePhone(b.phone, input[i].phone));
    if (same) claimed.add(same.id);
    return same;
  });
}

/** A guardian's phones as their consent links were sent to them. */
const phonesOf = (g: { phone: string; phone2: string | null }) => [g.phone, g.phone2].map((p) => (p === null ? null : toE164(p) ?? p));
const phonesChanged = (old: GuardianRow, now: { phone: string; phone2: string | null }) =>
  phonesOf(old).some((p, i) => p !== phonesOf(now)[i]);

/**
 * "Agreed to be contacted" is the family's answer for messages, so the Consent section and the
 * WhatsApp buttons never disagree: a tick that changed (or a new guardian who agreed) is recorded as a
 * messages answer of that guardian, given or withdrawn, in person, by the signed-in user. A guardian
 * whose tick stayed records nothing. `after` is the list as written, in the order of `matched`.
 */
async function recordContactTicks(scope: TenantScope, studentId: string, after: GuardianRow[], matched: Array<GuardianRow | undefined>) {
  const changed = after.filter((g, i) => (matched[i] ? matched[i].contactConsent !== g.contactConsent : g.contactConsent));
  if (changed.length === 0) return [];
  await recordConsentAnswers(scope.tx, changed.map((g) => ({
    churchId: scope.church.id, studentId, purpose: 'messages', given: g.contactConsent,
    guardianId: g.id, guardianName: g.name, guardianRelation: g.relation,
    method: 'in_person', recordedBy: scope.user.id, recordedByName: scope.user.name,
  })));
  return changed.map((g) => ({ guardian_id: g.id, given: g.contactConsent }));
}

/**
 * PUT /api/students/{id}/guardians: the whole list, in order, in one transaction; the first is the
 * primary guardian, whose phone and email the student API answers as parent_phone and parent_email.
 * A guardian who stays keeps their id; a changed "agreed to be contacted" is a messages consent answer
 * (recordContactTicks). The open consent links of a guardian who is removed, or whose
 * phones changed (the link went to the old phone), stop working.
 */
export async function replaceGuardians(scope: TenantScope, input: z.output<typeof replaceGuardiansInput>) {
  const student = await lockedStudent(scope, input.id);
  const before = await selectGuardians(scope.tx, scope.church.id, student.id);
  const matched = matchGuardians(input.guardians, before);
  const rows: NewGuardian[] = input.guardians.map((g, i) => ({
    ...(matched[i] ? { id: matched[i].id } : {}),
    position: i + 1, name: g.name, relation: g.relation, phone: g.phone, phone2: g.phone2, whatsapp: g.whatsapp,
    email: g.email, language: g.language, contactConsent: g.contact_consent, ...consentRecord(scope, g, matched[i]),
  }));
  await replaceGuardianRows(scope.tx, scope.church.id, student.id, rows);
  const stays = new Set(matched.flatMap((m) => (m ? [m.id] : [])));
  const removed = before.filter((g) => !stays.has(g.id)).map((g) => g.id);
  const changed = matched.flatMap((old, i) => (old && phonesChanged(old, input.guardians[i]) ? [old.id] : []));
  const stopped = [
    ...await revokeConsentLinks(scope.tx, scope.church.id, student.id, { guardianIds: removed }, 'guardian_removed', scope.user.id),
    ...await revokeConsentLinks(scope.tx, scope.church.id, student.id, { guardianIds: changed }, 'guardian_changed', scope.user.id),
  ];
  const after = await selectGuardians(scope.tx, scope.church.id, student.id);
  const answers = await recordContactTicks(scope, student.id, after, matched);
  await audit(scope, student, 'student.guardians_replaced', {
    before: before.map((g) => ({ id: g.id, name: g.name, relation: g.relation, contact_consent: g.contactConsent })),
    after: after.map((g) => ({ id: g.id, name: g.name, relation: g.relation, contact_consent: g.contactConsent })),
    ...(stopped.length ? { consent_links_stopped: stopped } : {}),
    ...(answers.length ? { messages_consent_recorded: answers } : {}),
  }, 'Guardians changed');
  // The list just written, answered back to its writer: not a read of the access log.
  return after.map(toGuardianDto);
}

/**
 * The guardians of children the student import has just made (each with the primary guardian made
 * from the parent phone), written as the guardians list writes them, in the import's transaction:
 * consent recorded now by the importer, and an "agreed to be contacted" yes recorded as a messages
 * answer (recordContactTicks, every guardian being new). Answers how many answers were recorded.
 */
export async function setImportedGuardians(scope: TenantScope, families: Array<{ studentId: string; guardians: GuardianInput[] }>) {
  if (families.length === 0) return 0;
  for (const { studentId, guardians } of families) {
    await replaceGuardianRows(scope.tx, scope.church.id, studentId, guardians.map((g, i) => ({
      position: i + 1, name: g.name, relation: g.relation, phone: g.phone, phone2: g.phone2, whatsapp: g.whatsapp,
      email: g.email, language: g.language, contactConsent: g.contact_consent, ...consentRecord(scope, g, undefined),
    })));
  }
  const written = new Map<string, GuardianRow[]>();
  for (const g of await selectGuardiansOf(scope.tx, scope.church.id, families.map((f) => f.studentId))) {
    written.set(g.studentId, [...(written.get(g.studentId) ?? []), g]);
  }
  let answers = 0;
  for (const { studentId } of families) {
    const after = written.get(studentId) ?? [];
    answers += (await recordContactTicks(scope, studentId, after, after.map(() => undefined))).length;
  }
  return answers;
}

/** GET /api/students/{id}/pickups; each read is in the access log. */
export async function listPickups(scope: TenantScope, { id }: { id: string }) {
  const student = await findAccessibleStudent(scope, id);
  const rows = await selectPickups(scope.tx, scope.church.id, student.id);
  await logRead(scope, student.id, 'pickups');
  return rows.map(toPickupDto);
}

/** PUT /api/students/{id}/pickups: the whole list, in order; [] removes them all. */
export async function replacePickups(scope: TenantScope, input: z.output<typeof replacePickupsInput>) {
  const student = await lockedStudent(scope, input.id);
  const before = await selectPickups(scope.tx, scope.church.id, student.id);
  await replacePickupRows(scope.tx, scope.church.id, student.id, input.pickups);
  await audit(scope, student, 'student.pickups_replaced', {
    before: before.map((p) => ({ name: p.name, relation: p.relation })),
    after: input.pickups.map((p) => ({ name: p.name, relation: p.relation })),
  }, 'Authorised pickups changed');
  // The list just written, answered back to its writer: not a read of the access log.
  return (await selectPickups(scope.tx, scope.church.id, student.id)).map(toPickupDto);
}

/** PUT /api/students/{id}/medical-note. The audit entry says whether there is a note, never its text:
 * the text is read only through GET .../medical-note, which logs the read. */
export async function setMedicalNote(scope: TenantScope, input: z.output<typeof setMedicalNoteInput>) {
  const student = await lockedStudent(scope, input.id);
  const before = await selectCare(scope.tx, scope.church.id, student.id);
  await upsertCare(scope.tx, scope.church.id, student.id, { medicalNote: input.note });
  await audit(scope, student, 'student.medical_note_set',
    { had_note: Boolean(before?.medicalNote), has_note: input.note !== null }, input.note ? 'Medical note set' : 'Medical note removed');
  return { id: student.id, has_medical_note: input.note !== null };
}

/** PUT /api/students/{id}/emergency-contact; null removes it. */
export async function setEmergencyContact(scope: TenantScope, input: z.output<typeof setEmergencyContactInput>) {
  const student = await lockedStudent(scope, input.id);
  const before = await selectCare(scope.tx, scope.church.id, student.id);
  const contact = input.contact;
  await upsertCare(scope.tx, scope.church.id, student.id, { emergencyName: contact?.name ?? null, emergencyPhone: contact?.phone ?? null });
  await audit(scope, student, 'student.emergency_contact_set',
    { before: before?.emergencyName ?? null, after: contact?.name ?? null }, contact ? 'Emergency contact set' : 'Emergency contact removed');
  return { id: student.id, emergency_contact: toEmergencyContactDto({ emergencyName: contact?.name ?? null, emergencyPhone: contact?.phone ?? null }) };
}

/**
 * GET /api/students/{id}/safety-card: what a teacher needs at the door: who the child is, whom to
 * call (tel: and WhatsApp links), who may collect them, whether a medical note is recorded (the red
 * badge; the text is its own endpoint), and the emergency contact. Each read is in the access log.
 */
export async function safetyCard(scope: TenantScope, { id }: { id: string }) {
  const student = await findAccessibleStudent(scope, id);
  const guardians = await selectGuardians(scope.tx, scope.church.id, student.id);
  const pickups = await selectPickups(scope.tx, scope.church.id, student.id);
  const care = await selectCare(scope.tx, scope.church.id, student.id);
  await logRead(scope, student.id, 'safety_card');
  return {
    student: {
      id: student.id, name: student.name, roll_number: student.rollNumber, academic_year: student.academicYear,
      class_id: student.classId, class_name: student.className, class_section: student.classSection,
      /** False once the child has left (moved away): off the roll call and the follow-up list. */
      active: student.active,
    },
    guardians: guardians.map(toGuardianDto),
    /** The language the family's documents are printed in unless another is asked for (familyLanguage). */
    family_language: familyLanguage(guardians, scope.church.default_language),
    pickups: pickups.map(toPickupDto),
    has_medical_note: Boolean(care?.medicalNote),
    emergency_contact: toEmergencyContactDto(care),
  };
}

/** GET /api/students/{id}/medical-note: the text, to the teacher of the student's class, the principal
 * and the super admin; every call is logged (who, when, which student) in the same transaction, so a
 * read that cannot be logged is not answered. */
export async function readMedicalNote(scope: TenantScope, { id }: { id: string }) {
  const student = await findAccessibleStudent(scope, id);
  const care = await selectCare(scope.tx, scope.church.id, student.id);
  const viewedAt = await recordChildDataRead(scope.tx, {
    churchId: scope.church.id, studentId: student.id, kind: 'medical_note', reader: scope.user,
  });
  return { id: student.id, medical_note: care?.medicalNote ?? null, viewed_at: viewedAt.toISOString() };
}

/** GET /api/students/{id}/medical-note/views: who read the note and when, newest first (super admin, principal). */
export async function medicalNoteViews(scope: TenantScope, { id }: { id: string }) {
  const student = await findAccessibleStudent(scope, id);
  return (await readsOfChild(scope.tx, scope.church.id, student.id, 'medical_note')).map((v) => ({
    viewer_id: v.readerId, viewer_name: v.readerName, viewer_role: v.readerRole, viewed_at: v.readAt.toISOString(),
  }));
}

/** The guardians of several students (each list in order), for another module's answer about
 * children the caller has already been allowed to reach. */
export async function guardiansToContact(tx: Tx, churchId: string, studentIds: string[]): Promise<Map<string, GuardianDto[]>> {
  const byStudent = new Map<string, GuardianDto[]>();
  if (studentIds.length === 0) return byStudent;
  for (const row of await selectGuardiansOf(tx, churchId, studentIds)) {
    byStudent.set(row.studentId, [...(byStudent.get(row.studentId) ?? []), toGuardianDto(row)]);
  }
  return byStudent;
}

/** A guardian of one student as another module needs them (consent records and links, report card
 * links): who they are, their language, whether they agreed to be contacted, and their WhatsApp phone
 * in E.164 (null when none, or not a valid number). */
export async function guardianOfStudent(tx: Tx, churchId: string, studentId: string, guardianId: string) {
  const row = (await selectGuardians(tx, churchId, studentId)).find((g) => g.id === guardianId);
  if (!row) return undefined;
  const whatsappPhone = row.whatsapp === 'phone' ? row.phone : row.whatsapp === 'phone2' ? row.phone2 : null;
  return {
    id: row.id, name: row.name, relation: row.relation, language: row.language, contactConsent: row.contactConsent,
    whatsappE164: whatsappPhone === null ? null : toE164(whatsappPhone) ?? null,
  };
}

/**
 * A guardian's answer for the purpose "messages" is also their consent to be contacted, the one
 * flag the WhatsApp buttons follow: recorded now, by the staff member (or null: by the guardian
 * through a consent link).
 */
export function setContactConsent(tx: Tx, churchId: string, studentId: string, guardianId: string, given: boolean, recordedBy: string | null) {
  return updateContactConsent(tx, churchId, studentId, guardianId, given, recordedBy);
}
