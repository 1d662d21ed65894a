import { and, asc, eq, inArray, ne, sql } from 'drizzle-orm';
import { classes, users } from '../../../drizzle/schema/index.js';
import type { ChurchRole } from '../../../common/constants.js';
import { byName, type Tx } from '../../db/index.js';
import { classNameOrder } from '../classes/index.js';
import type { UserClassRow, UserRow } from './dto.js';

// Row-level security limits every statement here to the church of the tenant transaction: another
// church's user id finds nothing (404).

const ROLE_ORDER = sql`array_position(array['super_admin', 'principal', 'teacher', 'guest']::text[], ${users.role})`;

/** Users of the church, super admins first, then by name. */
export function selectUsers(tx: Tx, churchId: string, role?: ChurchRole): Promise<UserRow[]> {
  return tx.select().from(users).where(and(eq(users.churchId, churchId), role ? eq(users.role, role) : undefined))
    .orderBy(ROLE_ORDER, asc(byName(users.name)), asc(users.id));
}

/** The classes of some teachers, newest academic year first, in school order. */
export function selectClassesOf(tx: Tx, churchId: string, teacherIds: string[]): Promise<UserClassRow[]> {
  if (teacherIds.length === 0) return Promise.resolve([]);
  return tx.select({
    id: classes.id, teacherId: classes.teacherId, className: classes.className, section: classes.section,
    academicYear: classes.academicYear,
  }).from(classes).where(and(eq(classes.churchId, churchId), inArray(classes.teacherId, teacherIds)))
    .orderBy(sql`${classes.academicYear} desc`, classNameOrder(churchId), asc(classes.section), asc(classes.id));
}

/** One user, locked until the transaction ends (FOR UPDATE: an edit or delete of one user goes one
 * after the other, and a class being assigned to them waits, through its foreign-key check, for a delete). */
export async function lockUser(tx: Tx, churchId: string, id: string): Promise<UserRow | undefined> {
  const [row] = await tx.select().from(users).where(and(eq(users.churchId, churchId), eq(users.id, id))).for('update');
  return row;
}

export async function findUser(tx: Tx, churchId: string, id: string): Promise<UserRow | undefined> {
  const [row] = await tx.select().from(users).where(and(eq(users.churchId, churchId), eq(users.id, id))).limit(1);
  return row;
}

/** Another user of the church with this address (compared without case, as the unique index does). */
export async function findUserByEmail(tx: Tx, churchId: string, email: string, exceptId?: string) {
  const [row] = await tx.select({ id: users.id }).from(users).where(and(
    eq(users.churchId, churchId),
    sql`lower(${users.email}) = lower(${email})`,
    exceptId ? ne(users.id, exceptId) : undefined,
  )).limit(1);
  return row;
}

export async function insertUser(
  tx: Tx,
  values: { churchId: string; name: string; email: string; phone: string | null; role: ChurchRole; passwordHash: string | null },
): Promise<UserRow> {
  const [row] = await tx.insert(users).values(values).returning();
  return row;
}

export async function updateUserRow(
  tx: Tx, churchId: string,
  id: string,
  values: Partial<Pick<UserRow, 'name' | 'email' | 'phone' | 'role' | 'passwordHash' | 'googleSubject' | 'isActive'>>,
): Promise<UserRow> {
  const [row] = await tx.update(users).set({ ...values, updatedAt: new Date() }).where(and(eq(users.churchId, churchId), eq(users.id, id))).returning();
  return row;
}

/** The teacher's classes become unassigned; their students and attendance stay as they are. */
export async function unassignClassesOf(tx: Tx, churchId: string, teacherId: string): Promise<number> {
  const rows = await tx.update(classes).set({ teacherId: null, updatedAt: new Date() })
    .where(and(eq(classes.churchId, churchId), eq(classes.teacherId, teacherId))).returning({ id: classes.id });
  return rows.length;
}

/** Deletes a user; their sessions and reset tokens go with them (ON DELETE CASCADE). Attendance they
 * marked, media they uploaded and records they wrote keep their rows (those columns have no foreign key). */
export async function deleteUserRow(tx: Tx, churchId: string, id: string) {
  await tx.delete(users).where(and(eq(users.churchId, churchId), eq(users.id, id)));
}
