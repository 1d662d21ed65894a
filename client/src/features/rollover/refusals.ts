import { followingYear } from '../../../../common/rollover';
import { reasonOf, serverMessage } from '../../lib/errors';
import { localized, type MessageId, type MessageValues } from '../../lib/i18n';

type Translate = (id: MessageId, values?: MessageValues) => string;

/** The years a refusal may name: the rollover's own (the server sends the same in its values). */
export interface Years {
  from_year: string;
  to_year: string;
}

/**
 * A refusal of the rollover (a reason of common/rollover.ts's texts) in the active language, from its
 * reason and the values it names; a reason this does not know is said by the server's text as the
 * catalogue holds it, or as it came.
 */
export function refusalOfRollover(t: Translate, years: Years, refusal: { reason?: string; message: string; values?: Record<string, string | number> }): string {
  const values = refusal.values ?? {};
  const fromYear = String(values.fromYear ?? years.from_year);
  const toYear = String(values.year ?? years.to_year);
  switch (refusal.reason) {
    case 'not_offered': {
      const turningFromYear = String(values.turningFromYear ?? years.from_year);
      return t('configuration.rollover.notOffered', {
        fromYear, toYear: followingYear(fromYear), turningFromYear, turningToYear: followingYear(turningFromYear),
      });
    }
    case 'no_classes': return t('configuration.rollover.noClasses', { fromYear });
    case 'already_rolled_over': return t('configuration.rollover.alreadyRolledOver', { fromYear });
    case 'class_not_in_year': return t('configuration.rollover.classNotInYear', { fromYear });
    case 'child_not_in_year': return t('configuration.rollover.childNotInYear', { fromYear });
    case 'undo_after_marks': return t('configuration.rollover.undoAfterMarks', { toYear });
    case 'undo_after_additions':
      return values.count === undefined ? localized(t, refusal.message) : t('configuration.rollover.undoAfterAdditions', { count: Number(values.count) });
    case 'teacher_conflict':
      return values.className ? t('configuration.rollover.teacherConflict', { className: String(values.className) }) : localized(t, refusal.message);
    default: return localized(t, refusal.message);
  }
}

/** The values a refusal names, in its error's data (server/trpc/errors.ts). */
const valuesOf = (error: unknown) => (error as { data?: { values?: Record<string, string | number> } } | null)?.data?.values;

/** A failed rollover call in the active language: its refusal by reason, a plan's limit as every
 * screen says it, otherwise the server's text or `fallback` when none came. */
export function failureOfRollover(t: Translate, years: Years, error: unknown, fallback: string): string {
  const message = serverMessage(error, fallback);
  return refusalOfRollover(t, years, { reason: reasonOf(error), message, values: valuesOf(error) });
}

