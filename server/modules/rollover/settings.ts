import type { z } from 'zod';
import { churchToday } from '../../../common/dates.js';
import { followingYear, ROLLOVER_MESSAGES, rolloverOfferedFrom, turningYears } from '../../../common/rollover.js';
import type { rolloverSettingsInput } from '../../../common/schemas/rollover.js';
import type { TenantScope } from '../../core/scopes.js';
import { academicYearSettings } from '../academic-year/index.js';
import { auditChurchChange } from '../audit/index.js';
import { rolloverMonthOf, setRolloverMonth } from './queries.js';

/**
 * The turn of the year the church is at today (in its time zone): the year that ends, the year that
 * begins, and the settings it follows. The rollover into a year is offered, and allowed, from the
 * church's rollover month (its academic year's start month unless set) until that month comes round
 * again; the proposal, the preview and the commit all ask this.
 */
export async function turningOf(scope: TenantScope) {
  const [{ start_month: startMonth }, rolloverMonth] = await Promise.all([
    academicYearSettings(scope), rolloverMonthOf(scope.tx, scope.church.id),
  ]);
  return { ...turningYears(churchToday(scope.church), startMonth, rolloverMonth), startMonth, rolloverMonth };
}

type Turning = Awaited<ReturnType<typeof turningOf>>;

/** When the turn of the year is offered: from which month ('YYYY-MM') the rollover into the year
 * beginning is offered, and from which month the next one is. */
export const offeredMonths = ({ toYear, startMonth, rolloverMonth }: Turning) => ({
  offered_from: rolloverOfferedFrom(toYear, startMonth, rolloverMonth),
  next_offered_from: rolloverOfferedFrom(followingYear(toYear), startMonth, rolloverMonth),
});

const settingsDto = (turning: Turning) => ({
  rollover_month: turning.rolloverMonth,
  start_month: turning.startMonth,
  from_year: turning.fromYear,
  to_year: turning.toYear,
  ...offeredMonths(turning),
});

/** GET /api/rollover/settings. */
export async function rolloverSettings(scope: TenantScope) {
  return settingsDto(await turningOf(scope));
}

/** PUT /api/rollover/settings (those who may roll the year over), audited in the same transaction;
 * answers the settings as GET then does (the turn of the year may change at once). */
export async function updateRolloverSettings(scope: TenantScope, input: z.output<typeof rolloverSettingsInput>) {
  const { tx, user, church } = scope;
  const old = await setRolloverMonth(tx, church.id, input.rollover_month);
  await auditChurchChange(tx, {
    user, action: 'church.rollover_month_updated', resourceType: 'church', resourceId: church.id,
    details: { old, new: input.rollover_month },
    description: input.rollover_month === null
      ? 'Rollover offered from the academic year\'s start month'
      : `Rollover offered from month ${input.rollover_month}`,
  });
  return { ...settingsDto(await turningOf(scope)), message: ROLLOVER_MESSAGES.monthUpdated };
}
