import english from '../../../../common/i18n/catalogues/attendance/en.json';

/** How long the success message stays. */
export const SUCCESS_MESSAGE_MS = 3_000;

type ShortName<Id> = Id extends `attendance.${infer Name}` ? Name : never;

/**
 * The screen's English texts by name ('unsaved' for the id `attendance.unsaved`), read from the
 * English catalogue: what the browser tests look for on an English page. The screen itself shows
 * its texts through `t(id)`, in the page's language.
 */
export const ATTENDANCE_TEXTS = Object.fromEntries(
  Object.entries(english)
    .filter(([id]) => id.startsWith('attendance.'))
    .map(([id, text]) => [id.slice('attendance.'.length), text]),
) as Record<ShortName<keyof typeof english>, string>;
