import { and, eq, sql, type SQL } from 'drizzle-orm';
import { can } from '../../../common/permissions.js';
import { classes } from '../../../drizzle/schema/index.js';
import type { Tx } from '../../db/index.js';
import type { ChurchRole } from '../../../common/constants.js';
import { notFound } from '../../core/errors.js';

export type ClassRow = typeof classes.$inferSelect;

/** Who asks for a class: a church user, by id and role (the classes module needs no more of them). */
type ClassReader = { id: string; role: ChurchRole };

/** Those who manage classes (principals and super admins) reach every class of their church;
 * teachers only their own. */
export const seesAllClasses = (user: Pick<ClassReader, 'role'>) => can(user.role, 'manageClasses');

export const classNotFound = () => notFound('Class not found.');

/**
 * The one check of "may this user act on this class". Row-level security already hides other
 * churches' classes; this adds the teacher rule. A class the user may not reach is answered as
 * not found, so ids of other classes reveal nothing.
 */
export async function findAccessibleClass(tx: Tx, churchId: string, user: ClassReader, classId: string): Promise<ClassRow> {
  const [row] = await tx.select().from(classes).where(and(eq(classes.churchId, churchId), eq(classes.id, classId))).limit(1);
  if (!row || (!seesAllClasses(user) && row.teacherId !== user.id)) throw classNotFound();
  return row;
}

/** The same rule inside one SQL statement over \`classes\`, with seesAllClasses(user) and the user's id
 * given as SQL (values or placeholders of a fixed statement). */
export const classAccessibleTo = (seesAll: SQL, userId: SQL) => sql`(${seesAll} or ${classes.teacherId} = ${userId})`;

/** SQL condition limiting a classes query to what the user may see. */
export const visibleClassesWhere = (user: ClassReader) =>
  seesAllClasses(user) ? undefined : eq(classes.teacherId, user.id);

