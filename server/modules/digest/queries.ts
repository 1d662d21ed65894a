import { and, eq, gte, inArray, isNull, lte, sql } from 'drizzle-orm';
import {
  attendance, churches, classes, digestDeliveries, digestRuns, students, users,
} from '../../../drizzle/schema/index.js';
import { rolesWith } from '../../../common/permissions.js';
import { byName, rowsOf, type Tx } from '../../db/index.js';

// Every query names church_id (row-level security filters it too), so the church-leading keys serve it.

const subscriptionColumns = {
  subscriptionTier: churches.subscriptionTier,
  subscriptionStatus: churches.subscriptionStatus,
  subscriptionEndDate: churches.subscriptionEndDate,
  isLifetime: churches.isLifetime,
};

/** Platform door: every church with what the tick needs to know whether its digest is due. */
export const churchesForTick = (tx: Tx) =>
  tx.select({ id: churches.id, timeZone: churches.timeZone, ...subscriptionColumns }).from(churches);

/** Platform door: the churches whose digest of one of `weeks` is done. */
export async function finishedDigests(tx: Tx, weeks: string[]): Promise<Set<string>> {
  if (!weeks.length) return new Set();
  const rows = await tx.select({ churchId: digestRuns.churchId, week: digestRuns.week }).from(digestRuns)
    .where(inArray(digestRuns.week, weeks));
  return new Set(rows.map((row) => `${row.churchId}:${row.week}`));
}

/** The church as its digest shows it, with its subscription (checked again when the job runs). */
export async function digestChurch(tx: Tx, churchId: string) {
  const [row] = await tx.select({
    name: churches.name, code: churches.code, timeZone: churches.timeZone, defaultLanguage: churches.defaultLanguage,
    ...subscriptionColumns,
  }).from(churches).where(eq(churches.id, churchId));
  return row;
}

/** Active users of the roles that receive the digest, who have not turned it off. */
export const digestRecipients = (tx: Tx, churchId: string) =>
  tx.select({ id: users.id, name: users.name, email: users.email, language: users.language }).from(users)
    .where(and(eq(users.churchId, churchId), inArray(users.role, [...rolesWith('receiveDigest')]),
      eq(users.isActive, true), eq(users.weeklyDigest, true)))
    .orderBy(users.id);

/** The classes of an academic year, by name. */
export const classesOfYear = (tx: Tx, churchId: string, academicYear: string) =>
  tx.select({ id: classes.id, className: classes.className, section: classes.section }).from(classes)
    .where(and(eq(classes.churchId, churchId), eq(classes.academicYear, academicYear)))
    .orderBy(byName(classes.className), byName(classes.section));

/** Each roll call (class and date) between two dates: children marked, and marked present. */
export const rollCalls = (tx: Tx, churchId: string, classIds: string[], from: string, to: string) =>
  tx.select({
    classId: attendance.classId,
    date: attendance.date,
    marked: sql<number>`count(*)::int`,
    present: sql<number>`(count(*) filter (where ${attendance.status} = 'present'))::int`,
  }).from(attendance)
    .where(and(eq(attendance.churchId, churchId), inArray(attendance.classId, classIds),
      gte(attendance.date, from), lte(attendance.date, to)))
    .groupBy(attendance.classId, attendance.date);

/** Students of the given classes born on one of the days `monthDays` ('MM-DD'). */
export const birthdaysOn = (tx: Tx, churchId: string, classIds: string[], monthDays: string[]) =>
  tx.select({ name: students.name, classId: students.classId, dateOfBirth: students.dateOfBirth }).from(students)
    .where(and(eq(students.churchId, churchId), inArray(students.classId, classIds),
      inArray(sql<string>`to_char(${students.dateOfBirth}, 'MM-DD')`, monthDays)))
    .orderBy(sql`to_char(${students.dateOfBirth}, 'MM-DD')`, byName(students.name));

/**
 * Claims recipients' deliveries of a week for `leaseSeconds`: a row is taken when new, or when it
 * was never sent and its lease has run out (a failed send gave it up, or its process died). Returns
 * the users claimed: whoever holds a live claim or was sent to is left out, so two processes never
 * both send to one user.
 */
export async function claimDeliveries(tx: Tx, churchId: string, week: string, userIds: string[], leaseSeconds: number) {
  if (!userIds.length) return [];
  // The claim's time and lease are the database's, read first: Citus takes no now() in ON
  // CONFLICT's WHERE. The rows go as a multi-row VALUES, which Citus routes to the church's shard
  // (an INSERT ... SELECT from unnest() would pass through the coordinator).
  const [{ at, until }] = rowsOf<{ at: string; until: string }>(await tx.execute(
    sql`select now()::text as at, (now() + make_interval(secs => ${leaseSeconds}::double precision))::text as until`));
  const rows = await tx.insert(digestDeliveries)
    .values(userIds.map((userId) => ({ churchId, week, userId, claimedUntil: sql`${until}::timestamptz` })))
    .onConflictDoUpdate({
      target: [digestDeliveries.churchId, digestDeliveries.week, digestDeliveries.userId],
      set: { claimedUntil: sql`excluded.claimed_until` },
      setWhere: sql`${digestDeliveries.sentAt} is null and ${digestDeliveries.claimedUntil} < ${at}::timestamptz`,
    })
    .returning({ userId: digestDeliveries.userId });
  return rows.map((row) => row.userId);
}

const delivery = (churchId: string, week: string, userId: string) =>
  and(eq(digestDeliveries.churchId, churchId), eq(digestDeliveries.week, week), eq(digestDeliveries.userId, userId));

export const markSent = (tx: Tx, churchId: string, week: string, userId: string) =>
  tx.update(digestDeliveries).set({ sentAt: sql`now()` }).where(delivery(churchId, week, userId));

/** Gives up claims not sent, so a retry may take them at once. */
export const releaseClaims = (tx: Tx, churchId: string, week: string, userIds: string[]) =>
  userIds.length ? tx.update(digestDeliveries).set({ claimedUntil: sql`now()` })
    .where(and(eq(digestDeliveries.churchId, churchId), eq(digestDeliveries.week, week),
      inArray(digestDeliveries.userId, userIds), isNull(digestDeliveries.sentAt))) : Promise.resolve();

/** Recipients of the week without a sent delivery. */
export async function unsentRecipients(tx: Tx, churchId: string, week: string, userIds: string[]) {
  if (!userIds.length) return [];
  const sent = await tx.select({ userId: digestDeliveries.userId }).from(digestDeliveries)
    .where(and(eq(digestDeliveries.churchId, churchId), eq(digestDeliveries.week, week),
      inArray(digestDeliveries.userId, userIds), sql`${digestDeliveries.sentAt} is not null`));
  const done = new Set(sent.map((row) => row.userId));
  return userIds.filter((id) => !done.has(id));
}

export const recordFinished = (tx: Tx, churchId: string, week: string) =>
  tx.insert(digestRuns).values({ churchId, week }).onConflictDoNothing();

/** The signed-in user's digest setting. */
export async function digestSetting(tx: Tx, churchId: string, userId: string): Promise<boolean> {
  const [row] = await tx.select({ weeklyDigest: users.weeklyDigest }).from(users)
    .where(and(eq(users.churchId, churchId), eq(users.id, userId)));
  return row?.weeklyDigest ?? false;
}

export const saveDigestSetting = (tx: Tx, churchId: string, userId: string, weeklyDigest: boolean) =>
  tx.update(users).set({ weeklyDigest, updatedAt: new Date() }).where(and(eq(users.churchId, churchId), eq(users.id, userId)));
