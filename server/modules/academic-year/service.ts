import { eq } from 'drizzle-orm';
import { academicYearConfigs } from '../../../drizzle/schema/index.js';
import {
  academicYearChoices, academicYearOf, DEFAULT_ACADEMIC_YEAR_CONFIG, type AcademicYearConfig,
} from '../../../common/academic-year.js';
import type { academicYearConfigInput } from '../../../common/schemas/academic-year.js';
import type { z } from 'zod';
import type { Tx } from '../../db/index.js';
import type { ChurchScope, TenantScope } from '../../core/scopes.js';
import { auditChurchChange } from '../audit/index.js';
import { churchToday } from '../../../common/dates.js';
import { findAcademicYearConfig, type AcademicYearConfigRow } from './queries.js';

const toConfig = (row: AcademicYearConfigRow): AcademicYearConfig =>
  ({ start_month: row.startMonth, years_ahead: row.yearsAhead, years_back: row.yearsBack });

/** The church's configuration, or the default (DEFAULT_ACADEMIC_YEAR_CONFIG) when it has none stored. */
async function academicYearConfigOf(tx: Tx, churchId: string): Promise<AcademicYearConfig & { is_default: boolean }> {
  const row = await findAcademicYearConfig(tx, churchId);
  return row ? { ...toConfig(row), is_default: false } : { ...DEFAULT_ACADEMIC_YEAR_CONFIG, is_default: true };
}

/** The academic year a calendar date of the church belongs to, by its configuration (or the default). */
export async function academicYearOfDate(tx: Tx, churchId: string, date: string): Promise<string> {
  return academicYearOf(date, (await academicYearConfigOf(tx, churchId)).start_month);
}

type ChurchClock = Pick<TenantScope['church'], 'time_zone'>;

/** The configuration plus the current academic year (from the church's today, in its time zone)
 * and the years offered in pickers. */
function settingsOf(config: AcademicYearConfig & { is_default: boolean }, church: ChurchClock, now: Date) {
  const current = academicYearOf(churchToday(church, now), config.start_month);
  return {
    start_month: config.start_month,
    years_ahead: config.years_ahead,
    years_back: config.years_back,
    is_default: config.is_default,
    current,
    choices: academicYearChoices(current, config),
  };
}

/** GET /api/gallery/academic-year/config. Read on every call (no server cache), so a change is
 * offered at once in every academic-year choice. */
export async function academicYearSettings(scope: ChurchScope & { church: ChurchClock }, now = new Date()) {
  return settingsOf(await academicYearConfigOf(scope.tx, scope.church.id), scope.church, now);
}

/**
 * PUT /api/gallery/academic-year/config (super_admin, principal): stores the configuration with its
 * audit entry in the tenant transaction, and answers the settings as GET now does.
 */
export async function updateAcademicYearConfig(
  { tx, user, church }: TenantScope,
  input: z.output<typeof academicYearConfigInput>,
) {
  // Locked so two saves at once audit the old value each really replaced.
  const [old] = await tx.select().from(academicYearConfigs).where(eq(academicYearConfigs.churchId, church.id)).for('update');
  const values = { startMonth: input.start_month, yearsAhead: input.years_ahead, yearsBack: input.years_back, updatedAt: new Date() };
  const [row] = await tx.insert(academicYearConfigs).values({ churchId: church.id, ...values })
    .onConflictDoUpdate({ target: academicYearConfigs.churchId, set: values }).returning();
  await auditChurchChange(tx, {
    user, action: 'academic_year_config.updated', resourceType: 'academic_year_config', resourceId: church.id,
    details: { old: old ? toConfig(old) : { ...DEFAULT_ACADEMIC_YEAR_CONFIG, is_default: true }, new: toConfig(row) },
    description: `Academic year configuration set to start month ${row.startMonth}, ${row.yearsAhead} years ahead, ${row.yearsBack} years back`,
  });
  return settingsOf({ ...toConfig(row), is_default: false }, church, new Date());
}
