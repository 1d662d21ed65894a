import { and, asc, count, eq, sql } from 'drizzle-orm';
import { classes, media, plans, students, users } from '../../../drizzle/schema/index.js';
import type { Tx } from '../../db/index.js';

export type PlanRow = typeof plans.$inferSelect;

export const listPlans = (tx: Tx) => tx.select().from(plans).orderBy(asc(plans.sortOrder));

export async function findPlan(tx: Tx, tier: string): Promise<PlanRow | undefined> {
  const [plan] = await tx.select().from(plans).where(eq(plans.tier, tier));
  return plan;
}

/** What plan limits count (the keys of GET /api/subscription/usage). */
export type LimitedResource = 'principals' | 'teachers' | 'students' | 'classes';
/** Which rows a limit counts: for classes, those of one academic year. */
export type Counted = { resource: Exclude<LimitedResource, 'classes'> } | { resource: 'classes'; academicYear: string };

/**
 * How many rows of a limited resource the church of the transaction has (RLS filters). Classes are
 * counted per academic year, those of `classYear`: a plan's classes are the classes a Sunday School
 * runs in a year, and a past year's classes are its history (the rollover makes a new year's classes
 * beside them).
 */
export async function countUsage(tx: Tx, churchId: string, counted: Counted): Promise<number> {
  switch (counted.resource) {
    case 'principals':
    case 'teachers': {
      const role = counted.resource === 'principals' ? 'principal' : 'teacher';
      const [row] = await tx.select({ n: count() }).from(users).where(and(eq(users.churchId, churchId), eq(users.role, role)));
      return row.n;
    }
    case 'students': {
      const [row] = await tx.select({ n: count() }).from(students).where(eq(students.churchId, churchId));
      return row.n;
    }
    case 'classes': {
      const [row] = await tx.select({ n: count() }).from(classes).where(and(eq(classes.churchId, churchId), eq(classes.academicYear, counted.academicYear)));
      return row.n;
    }
  }
}

/** Every count of `countUsage`, the classes of `classYear` (the current academic year on the usage page). */
export async function usageCounts(tx: Tx, churchId: string, classYear: string): Promise<Record<LimitedResource, number>> {
  const [principals, teachers, students, classCount] = await Promise.all([
    countUsage(tx, churchId, { resource: 'principals' }), countUsage(tx, churchId, { resource: 'teachers' }), countUsage(tx, churchId, { resource: 'students' }),
    countUsage(tx, churchId, { resource: 'classes', academicYear: classYear }),
  ]);
  return { principals, teachers, students, classes: classCount };
}

/** The bytes the church's gallery stores: originals and their copies (RLS filters to the church). */
export async function storageUsedBytes(tx: Tx, churchId: string): Promise<number> {
  const [row] = await tx.select({ bytes: sql<string>`coalesce(sum(${media.fileSize} + ${media.copiesSize}), 0)` }).from(media).where(eq(media.churchId, churchId));
  return Number(row.bytes);
}
