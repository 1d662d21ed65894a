import {
  academicYearChoices, academicYearOf, DEFAULT_ACADEMIC_YEAR_CONFIG, type AcademicYearConfig,
} from '../../../common/academic-year.js';
import type { Tx } from '../../db/index.js';
import type { TenantScope } from '../../request-scope.js';
import { churchToday } from '../churches/index.js';
import { findAcademicYearConfig } from './queries.js';

/** The church's configuration, or the default (DEFAULT_ACADEMIC_YEAR_CONFIG) when it has none stored. */
async function academicYearConfigOf(tx: Tx): Promise<AcademicYearConfig & { is_default: boolean }> {
  const row = await findAcademicYearConfig(tx);
  return row
    ? { start_month: row.startMonth, years_ahead: row.yearsAhead, years_back: row.yearsBack, is_default: false }
    : { ...DEFAULT_ACADEMIC_YEAR_CONFIG, is_default: true };
}

/**
 * GET /api/gallery/academic-year/config: the configuration plus the current academic year (from the
 * church's today, in its time zone) and the years offered in pickers.
 */
export async function academicYearSettings(scope: { tx: TenantScope['tx']; church: Pick<TenantScope['church'], 'time_zone'> }, now = new Date()) {
  const config = await academicYearConfigOf(scope.tx);
  const current = academicYearOf(churchToday(scope.church, now), config.start_month);
  return {
    start_month: config.start_month,
    years_ahead: config.years_ahead,
    years_back: config.years_back,
    is_default: config.is_default,
    current,
    choices: academicYearChoices(current, config),
  };
}
