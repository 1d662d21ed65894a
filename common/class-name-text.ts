/**
 * A class's name as a reader of a language says it: the standard names (LKG, UKG and the ordinals
 * 1st, 2nd ... 12th) in the catalogue's words ('common.className.*': 1st is 1-ാം in Malayalam, 1ली in
 * Hindi), any other name (a church's own, 'Seniors') as written. Shared by the printed reports and
 * any screen: `t` is the translator of the reader's language.
 */
export function classNameText(name: string, t: (id: 'common.className.lkg' | 'common.className.ukg' | 'common.className.ordinal',
  values?: Record<string, number>) => string): string {
  const trimmed = name.trim();
  const lower = trimmed.toLowerCase();
  if (lower === 'lkg') return t('common.className.lkg');
  if (lower === 'ukg') return t('common.className.ukg');
  const ordinal = /^(\d{1,2})(st|nd|rd|th)$/.exec(lower);
  if (ordinal) {
    const number = Number(ordinal[1]);
    if (number >= 1 && number <= 12) return t('common.className.ordinal', { number });
  }
  return trimmed;
}
