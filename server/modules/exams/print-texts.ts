import type { Division, ResultState } from '../../../common/exams.js';
import { certificateTitleId, type CertificateKind } from '../../../common/certificates.js';
import { classNameText } from '../../../common/class-name-text.js';
import type { Translate } from '../../core/i18n.js';

// What the printed result sheet and report cards say the same way: a mark, a percentage, a result,
// a class's name, in the reader's words.

/** A mark as printed: a number as entered (40.5), the language's letters for absent, blank when not entered. */
export const markText = (t: Translate, mark: number | 'AB' | null) => (mark === 'AB' ? t('examprint.absentMark') : mark === null ? '' : String(mark));

/** A percentage to one decimal (as computed: half up), or a dash when there is none. */
export const percentText = (value: number | null) => (value === null ? '–' : value.toFixed(1));

/** A result: its division when complete, else why there is none (absent in every paper, a paper not entered). */
export function resultText(t: Translate, row: { state: ResultState; division: Division | null }): string {
  if (row.state === 'absent') return t('examprint.state.absent');
  if (row.state === 'pending' || row.division === null) return t('examprint.state.pending');
  return t(`examprint.division.${row.division}`);
}

export const rankText = (rank: number | null) => (rank === null ? '–' : String(rank));

/** '3rd A' in the reader's words ('3-ാം A'): a standard class name translated, the section as written. */
export const classText = (t: Translate, cls: { class_name: string; section: string }) => `${classNameText(cls.class_name, t)} ${cls.section}`.trim();

/** The church's result scheme, in a sentence under the sheet. */
export const schemeText = (t: Translate, scheme: { pass_percent: number; distinction_percent: number; first_class_percent: number; second_class_percent: number }) =>
  t('examprint.scheme', { pass: scheme.pass_percent, distinction: scheme.distinction_percent, first: scheme.first_class_percent, second: scheme.second_class_percent });

/** A certificate's title in the reader's words. */
export const certificateTitle = (t: Translate, certificate: { kind: CertificateKind; rank: number | null }) => t(certificateTitleId(certificate));
