import { and, asc, eq, gte, inArray, lt, sql, type SQL } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import { churches, classSubstitutes, classes, users } from '../../../drizzle/schema/index.js';
import { SUBSTITUTE_ROLES } from '../../../common/substitutes.js';
import { byName, type Tx } from '../../db/index.js';
import { classNameOrder } from '../classes/index.js';

// Every query names the church (church-leading keys; one shard on Citus); row-level security filters as well.

/**
 * SQL: the user stands in for the class on the date (a row of class_substitutes naming them). The
 * attendance statements add it to the class rule of classes/access.ts, with the date the church's today.
 */
export const substituteOn = (churchId: SQL, classId: SQL, userId: SQL, date: SQL) => sql`exists (select 1 from ${classSubstitutes}
  where ${classSubstitutes.churchId} = ${churchId} and ${classSubstitutes.classId} = ${classId}
    and ${classSubstitutes.date} = ${date} and ${classSubstitutes.substituteId} = ${userId})`;

export async function churchClassDays(tx: Tx, churchId: string): Promise<number[]> {
  const [row] = await tx.select({ classDays: churches.classDays }).from(churches).where(eq(churches.id, churchId));
  return row?.classDays ?? [7];
}

/** Of these classes, those the user teaches. */
export function ownClasses(tx: Tx, churchId: string, userId: string, classIds: string[]) {
  return tx.select({ id: classes.id, teacherId: classes.teacherId }).from(classes)
    .where(and(eq(classes.churchId, churchId), inArray(classes.id, classIds), eq(classes.teacherId, userId)));
}

export function insertAbsences(tx: Tx, rows: Array<typeof classSubstitutes.$inferInsert>) {
  return tx.insert(classSubstitutes).values(rows).onConflictDoNothing().returning({ id: classSubstitutes.id, classId: classSubstitutes.classId });
}

const absent = alias(users, 'absent_teacher');
const substitute = alias(users, 'substitute');

/** Absences with their class, absent teacher and substitute, by date then class. */
export function selectAbsences(tx: Tx, churchId: string, where: SQL | undefined) {
  return tx.select({
    id: classSubstitutes.id,
    date: classSubstitutes.date,
    class_id: classSubstitutes.classId,
    class_name: classes.className,
    section: classes.section,
    absent_teacher_id: classSubstitutes.absentTeacherId,
    absent_teacher_name: absent.name,
    substitute_id: classSubstitutes.substituteId,
    substitute_name: substitute.name,
  }).from(classSubstitutes)
    .innerJoin(classes, and(eq(classes.churchId, classSubstitutes.churchId), eq(classes.id, classSubstitutes.classId)))
    .leftJoin(absent, and(eq(absent.churchId, classSubstitutes.churchId), eq(absent.id, classSubstitutes.absentTeacherId)))
    .leftJoin(substitute, and(eq(substitute.churchId, classSubstitutes.churchId), eq(substitute.id, classSubstitutes.substituteId)))
    .where(and(eq(classSubstitutes.churchId, churchId), where))
    .orderBy(asc(classSubstitutes.date), classNameOrder(churchId), asc(classes.section), asc(classes.id));
}
export type AbsenceRow = Awaited<ReturnType<typeof selectAbsences>>[number];

export const absencesFrom = (from: string) => gte(classSubstitutes.date, from);
export const absencesIn = (first: string, next: string) => and(gte(classSubstitutes.date, first), lt(classSubstitutes.date, next));
export const absencesOf = (teacherId: string) => eq(classSubstitutes.absentTeacherId, teacherId);
export const absenceWithId = (id: string) => eq(classSubstitutes.id, id);
export const absencesWithIds = (ids: string[]) => inArray(classSubstitutes.id, ids);
export const absencesOn = (date: string) => eq(classSubstitutes.date, date);

/** One absence, locked for the change about to be made. */
export async function lockAbsence(tx: Tx, churchId: string, id: string) {
  const [row] = await tx.select().from(classSubstitutes)
    .where(and(eq(classSubstitutes.churchId, churchId), eq(classSubstitutes.id, id))).for('update');
  return row;
}

export function setSubstitute(tx: Tx, churchId: string, id: string, substituteId: string | null, arrangedBy: string) {
  return tx.update(classSubstitutes).set({ substituteId, arrangedBy, updatedAt: new Date() })
    .where(and(eq(classSubstitutes.churchId, churchId), eq(classSubstitutes.id, id)));
}

export function deleteAbsence(tx: Tx, churchId: string, id: string) {
  return tx.delete(classSubstitutes).where(and(eq(classSubstitutes.churchId, churchId), eq(classSubstitutes.id, id)));
}

/** Those who may stand in: the church's active teachers, principals and super admins, by name. */
export function selectCandidates(tx: Tx, churchId: string) {
  return tx.select({ id: users.id, name: users.name, role: users.role }).from(users)
    .where(and(eq(users.churchId, churchId), eq(users.isActive, true), inArray(users.role, [...SUBSTITUTE_ROLES])))
    .orderBy(asc(byName(users.name)), asc(users.id));
}

export async function findCandidate(tx: Tx, churchId: string, id: string) {
  const [row] = await tx.select({ id: users.id, name: users.name }).from(users)
    .where(and(eq(users.churchId, churchId), eq(users.id, id), eq(users.isActive, true), inArray(users.role, [...SUBSTITUTE_ROLES])));
  return row;
}

/** The ids of the classes the user stands in for on a date. */
export async function substituteClassIds(tx: Tx, churchId: string, userId: string, date: string): Promise<string[]> {
  const rows = await tx.select({ classId: classSubstitutes.classId }).from(classSubstitutes)
    .where(and(eq(classSubstitutes.churchId, churchId), eq(classSubstitutes.substituteId, userId), eq(classSubstitutes.date, date)));
  return rows.map((r) => r.classId);
}

/** Of these classes, those the user stands in for on some day (any date). */
export async function classesEverSubstituted(tx: Tx, churchId: string, userId: string, classIds: string[]): Promise<Set<string>> {
  if (classIds.length === 0) return new Set();
  const rows = await tx.selectDistinct({ classId: classSubstitutes.classId }).from(classSubstitutes)
    .where(and(eq(classSubstitutes.churchId, churchId), eq(classSubstitutes.substituteId, userId), inArray(classSubstitutes.classId, classIds)));
  return new Set(rows.map((r) => r.classId));
}

/** The classes of an academic year with their teacher's name, in school order. */
export function classesOfYear(tx: Tx, churchId: string, academicYear: string) {
  return tx.select({ id: classes.id, class_name: classes.className, section: classes.section, teacher_id: classes.teacherId, teacher_name: users.name })
    .from(classes)
    .leftJoin(users, and(eq(users.churchId, classes.churchId), eq(users.id, classes.teacherId)))
    .where(and(eq(classes.churchId, churchId), eq(classes.academicYear, academicYear)))
    .orderBy(classNameOrder(churchId), asc(classes.section), asc(classes.id));
}
