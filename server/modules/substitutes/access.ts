import type { TenantScope } from '../../core/scopes.js';
import { appErrorIn, forbidden } from '../../core/errors.js';
import { churchToday } from '../../../common/dates.js';
import { SUBSTITUTE_MESSAGES } from '../../../common/substitutes.js';
import { findAccessibleClass, seesAllClasses, type ClassRow } from '../classes/index.js';
import { classesEverSubstituted, substituteClassIds } from './queries.js';

/** The refusal of a substitute outside their day: the class is theirs on another day only. */
export const substituteOtherDay = () => forbidden(SUBSTITUTE_MESSAGES.substituteOtherDay, { reason: 'substitute_other_day' });

/**
 * The class of a roll call, for its sheet: the class rule of classes/access.ts (the class's own
 * teacher, who keeps it on a day they reported they cannot come, and those who see every class), or
 * the user stands in for it today and the roll call is today's (`date`, when the call names one).
 * `substitute` says the second: the sheet then reads only what the roll call needs. A substitute on
 * another day is refused with a 403 that says so; a class the user has nothing to do with stays 404.
 */
export async function findRollCallClass(scope: TenantScope, classId: string, date?: string): Promise<{ cls: ClassRow; substitute: boolean }> {
  const { tx, church, user } = scope;
  try {
    return { cls: await findAccessibleClass(tx, church.id, user, classId), substitute: false };
  } catch (error) {
    if (seesAllClasses(user) || appErrorIn(error)?.code !== 'NOT_FOUND') throw error;
    const today = churchToday(church);
    if ((date === undefined || date === today) && (await substituteClassIds(tx, church.id, user.id, today)).includes(classId)) {
      const cls = await findAccessibleClass(tx, church.id, { id: user.id, role: 'principal' }, classId);
      return { cls, substitute: true };
    }
    if ((await classesEverSubstituted(tx, church.id, user.id, [classId])).size > 0) throw substituteOtherDay();
    throw error;
  }
}
