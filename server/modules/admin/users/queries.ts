import { and, asc, count, eq, inArray, sql } from 'drizzle-orm';
import { churches, classes, students, users } from '../../../../drizzle/schema/index.js';
import type { ChurchRole } from '../../../../common/constants.js';
import type { Tx } from '../../../db/index.js';
import { classNameOrder } from '../../classes/index.js';

// The platform transaction reads across churches (no row-level security): every statement that
// touches one church's rows names that church's id itself, so it uses the (church_id, ...) keys.

export interface AdminUserFilters {
  churchId?: string;
  role?: ChurchRole;
}

const whereOf = (filters: AdminUserFilters) => and(
  filters.churchId ? eq(users.churchId, filters.churchId) : undefined,
  filters.role ? eq(users.role, filters.role) : undefined,
);

/** What the console shows of a user: never the password hash or the Google subject. */
const ADMIN_USER_COLUMNS = {
  id: users.id,
  churchId: users.churchId,
  name: users.name,
  email: users.email,
  phone: users.phone,
  role: users.role,
  isActive: users.isActive,
  isChurchOwner: users.isChurchOwner,
  createdAt: users.createdAt,
  updatedAt: users.updatedAt,
  churchName: churches.name,
  churchCode: churches.code,
};

export type AdminUserRow = NonNullable<Awaited<ReturnType<typeof findUserById>>>;

/** Newest first; with a church, the rows come from that church's part of the primary key. */
export function selectUserPage(tx: Tx, filters: AdminUserFilters, page: { limit: number; offset: number }) {
  return tx.select(ADMIN_USER_COLUMNS).from(users).innerJoin(churches, eq(churches.id, users.churchId))
    .where(whereOf(filters))
    .orderBy(sql`${users.createdAt} desc`, sql`${users.id} desc`)
    .limit(page.limit).offset(page.offset);
}

export async function countUsers(tx: Tx, filters: AdminUserFilters): Promise<number> {
  const [row] = await tx.select({ n: count() }).from(users).where(whereOf(filters));
  return row.n;
}

/**
 * One user by id alone, with their church. The id is unique across churches (a random UUID), but
 * the primary key is (church_id, id): without an index on users(id) this reads every church's
 * users (proposed: `create index users_id_idx on users (id)`).
 */
export async function findUserById(tx: Tx, id: string) {
  const [row] = await tx.select(ADMIN_USER_COLUMNS).from(users).innerJoin(churches, eq(churches.id, users.churchId))
    .where(eq(users.id, id)).limit(1);
  return row;
}

/** The user's classes (index classes_church_teacher_idx), newest academic year first. */
export function selectClassesTaught(tx: Tx, churchId: string, userId: string) {
  return tx.select({ id: classes.id, className: classes.className, section: classes.section, academicYear: classes.academicYear })
    .from(classes).where(and(eq(classes.churchId, churchId), eq(classes.teacherId, userId)))
    .orderBy(sql`${classes.academicYear} desc`, classNameOrder(churchId), asc(classes.section), asc(classes.id));
}

/** Students of some classes of one church (the unique index (church_id, class_id, roll_number)). */
export async function countStudentsIn(tx: Tx, churchId: string, classIds: string[]): Promise<number> {
  if (classIds.length === 0) return 0;
  const [row] = await tx.select({ n: count() }).from(students)
    .where(and(eq(students.churchId, churchId), inArray(students.classId, classIds)));
  return row.n;
}

/**
 * The church's active super admins, locked in id order until the transaction ends. Two operators
 * deleting a church's last two super admins at once take these locks one after the other (same
 * order, so no deadlock): the second finds the first's row gone and refuses.
 */
export function lockActiveSuperAdmins(tx: Tx, churchId: string) {
  return tx.select({ id: users.id }).from(users)
    .where(and(eq(users.churchId, churchId), eq(users.role, 'super_admin'), eq(users.isActive, true)))
    .orderBy(asc(users.id)).for('update');
}

/** One user of a church, locked until the transaction ends (the primary key). */
export async function lockUser(tx: Tx, churchId: string, id: string) {
  const [row] = await tx.select({ id: users.id, name: users.name, email: users.email, role: users.role, isActive: users.isActive })
    .from(users).where(and(eq(users.churchId, churchId), eq(users.id, id))).for('update');
  return row;
}

/** The user's classes become unassigned; their students and attendance stay as they are. */
export async function unassignClassesOf(tx: Tx, churchId: string, userId: string): Promise<number> {
  const rows = await tx.update(classes).set({ teacherId: null, updatedAt: new Date() })
    .where(and(eq(classes.churchId, churchId), eq(classes.teacherId, userId))).returning({ id: classes.id });
  return rows.length;
}

/** Deletes a user; their sessions and reset tokens go with them (ON DELETE CASCADE). Attendance they
 * marked, media they uploaded and records they wrote keep their rows (no foreign key to users). */
export async function deleteUserRow(tx: Tx, churchId: string, id: string): Promise<void> {
  await tx.delete(users).where(and(eq(users.churchId, churchId), eq(users.id, id)));
}
