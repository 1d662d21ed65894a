import { and, asc, eq, inArray, sql } from 'drizzle-orm';
import {
  studentCare, studentGuardians, studentPickups, users,
} from '../../../drizzle/schema/index.js';
import type { Tx } from '../../db/index.js';

// Every statement names the student; row-level security limits it to the church of the transaction,
// and the service has already checked that the user may reach the student.

export type GuardianRow = Awaited<ReturnType<typeof selectGuardians>>[number];

/** A student's guardians in order (the first is the primary one), with the name of whoever recorded
 * their consent (null once that account is gone). */
export function selectGuardians(tx: Tx, churchId: string, studentId: string) {
  return selectGuardiansOf(tx, churchId, [studentId]);
}

/** The guardians of several students, each student's in order. */
export function selectGuardiansOf(tx: Tx, churchId: string, studentIds: string[]) {
  return tx.select({
    studentId: studentGuardians.studentId,
    id: studentGuardians.id,
    position: studentGuardians.position,
    name: studentGuardians.name,
    relation: studentGuardians.relation,
    phone: studentGuardians.phone,
    phone2: studentGuardians.phone2,
    whatsapp: studentGuardians.whatsapp,
    email: studentGuardians.email,
    language: studentGuardians.language,
    contactConsent: studentGuardians.contactConsent,
    consentRecordedAt: studentGuardians.consentRecordedAt,
    consentRecordedBy: studentGuardians.consentRecordedBy,
    consentRecordedByName: users.name,
  }).from(studentGuardians)
    .leftJoin(users, and(eq(users.churchId, studentGuardians.churchId), eq(users.id, studentGuardians.consentRecordedBy)))
    .where(and(eq(studentGuardians.churchId, churchId), inArray(studentGuardians.studentId, studentIds)))
    .orderBy(asc(studentGuardians.studentId), asc(studentGuardians.position));
}

export type NewGuardian = Omit<typeof studentGuardians.$inferInsert, 'churchId' | 'studentId'>;

/**
 * Writes the whole list in the caller's transaction, in order. A row with an `id` is a guardian who
 * stays: it keeps its id and when it was made (consent links and answers name guardians by id). The
 * rows are written again rather than updated one by one: positions are unique per child and checked
 * row by row, so a reordering (1 and 2 swapped) cannot be done in place within positions 1 to 4.
 */
export async function replaceGuardianRows(tx: Tx, churchId: string, studentId: string, rows: NewGuardian[]) {
  const kept = await tx.delete(studentGuardians).where(and(eq(studentGuardians.churchId, churchId), eq(studentGuardians.studentId, studentId)))
    .returning({ id: studentGuardians.id, createdAt: studentGuardians.createdAt });
  const madeAt = new Map(kept.map((row) => [row.id, row.createdAt]));
  await tx.insert(studentGuardians).values(rows.map((row) => ({
    ...row, churchId, studentId, ...(row.id && madeAt.has(row.id) ? { createdAt: madeAt.get(row.id), updatedAt: sql`now()` } : {}),
  })));
}

export function selectPickups(tx: Tx, churchId: string, studentId: string) {
  return tx.select({
    id: studentPickups.id, position: studentPickups.position, name: studentPickups.name,
    relation: studentPickups.relation, phone: studentPickups.phone,
  }).from(studentPickups).where(and(eq(studentPickups.churchId, churchId), eq(studentPickups.studentId, studentId))).orderBy(asc(studentPickups.position));
}
export type PickupRow = Awaited<ReturnType<typeof selectPickups>>[number];

export async function replacePickupRows(
  tx: Tx, churchId: string, studentId: string, rows: Array<{ name: string; relation: string; phone: string }>,
) {
  await tx.delete(studentPickups).where(and(eq(studentPickups.churchId, churchId), eq(studentPickups.studentId, studentId)));
  if (rows.length) {
    await tx.insert(studentPickups).values(rows.map((row, i) => ({ ...row, churchId, studentId, position: i + 1 })));
  }
}

/** The student's care row, or undefined when neither note nor emergency contact was ever recorded. */
export async function selectCare(tx: Tx, churchId: string, studentId: string) {
  const [row] = await tx.select({
    medicalNote: studentCare.medicalNote, emergencyName: studentCare.emergencyName, emergencyPhone: studentCare.emergencyPhone,
  }).from(studentCare).where(and(eq(studentCare.churchId, churchId), eq(studentCare.studentId, studentId)));
  return row;
}

/** Sets some of the care fields, making the row if there is none; the fields left out keep their values. */
export async function upsertCare(
  tx: Tx, churchId: string, studentId: string,
  values: Partial<{ medicalNote: string | null; emergencyName: string | null; emergencyPhone: string | null }>,
) {
  await tx.insert(studentCare).values({ churchId, studentId, ...values })
    .onConflictDoUpdate({ target: [studentCare.churchId, studentCare.studentId], set: { ...values, updatedAt: sql`excluded.updated_at` } });
}

/** Sets one guardian's consent to be contacted, with when and by whom (null: the guardian themselves,
 * through a consent link). */
export async function updateContactConsent(tx: Tx, churchId: string, studentId: string, guardianId: string, given: boolean, recordedBy: string | null) {
  await tx.update(studentGuardians)
    .set({ contactConsent: given, consentRecordedAt: sql`now()`, consentRecordedBy: recordedBy })
    .where(and(eq(studentGuardians.churchId, churchId), eq(studentGuardians.studentId, studentId), eq(studentGuardians.id, guardianId)));
}
