import { Text } from '@mantine/core';
import type { MessageId } from '../../../../common/i18n/areas';
import { useLanguage, useT } from '../../lib/i18n';
import { formatPercentage } from '../../lib/percentage';
import type { RouterOutputs } from '../../lib/trpc';
import './messages';

type Totals = RouterOutputs['association']['totals'];
/** A row of figures: a church's, a section's or the association's (one shape, told apart by its Level). */
export type FigureRow = Totals['churches'][number];

/** The figures of a row, in the table's order; the texts of their headings. */
export const FIGURES = ['classes', 'enrolled', 'consent', 'attendance', 'sundays', 'teachers'] as const;
export type Figure = (typeof FIGURES)[number];
export const FIGURE_HEADING: Record<Figure, MessageId> = {
  classes: 'associationtotals.column.classes',
  enrolled: 'associationtotals.column.enrolled',
  consent: 'associationtotals.column.consent',
  attendance: 'associationtotals.column.attendance',
  sundays: 'associationtotals.column.sundays',
  teachers: 'associationtotals.column.teachers',
};

/** A withheld figure: said in words, never a number. */
export function FewerThanFive() {
  const t = useT();
  return <Text span size="sm" c="dimmed" fs="italic" data-withheld>{t('associationtotals.fewerThanFive')}</Text>;
}

/**
 * One figure of a row as the screen shows it: a count, a percentage, "fewer than 5" where the
 * database withheld it (or left out every church a total would count), "no marks" for a month without attendance, nothing where the level has no
 * such figure (a total's Sundays).
 */
export function FigureValue({ row, figure }: { row: FigureRow; figure: Figure }) {
  const t = useT();
  const language = useLanguage();
  const percentage = (value: number | null) => (value === null ? null : formatPercentage(value, language));
  switch (figure) {
    case 'classes': return row.classes;
    case 'teachers': return row.teachers;
    case 'sundays': return row.sundays_recorded;
    case 'enrolled': return row.fewer_than_five ? <FewerThanFive /> : row.enrolled;
    case 'consent': return row.fewer_than_five ? <FewerThanFive /> : percentage(row.consent_percentage);
    case 'attendance':
      // A total whose every church with marks was left out has no figure of its own to show.
      if (row.attendance_fewer_than_five || (row.attendance_percentage === null && row.churches_left_out > 0)) return <FewerThanFive />;
      return percentage(row.attendance_percentage) ?? <Text span size="sm" c="dimmed">{t('associationtotals.noMarks')}</Text>;
  }
}

export type Level = 'church' | 'section' | 'association';

/** A row's name: its church's, or a total's: the association's, a section's or that of the churches in no section. */
export function RowName({ row, level }: { row: FigureRow; level: Level }) {
  const t = useT();
  if (level === 'church') return row.church_name;
  if (level === 'association') return t('associationtotals.associationTotal');
  return row.section_name === null ? t('associationtotals.noSection') : t('associationtotals.sectionTotal', { name: row.section_name });
}

/** Under a total: how many churches it counts, and how many were left out of it. */
export function TotalNote({ row }: { row: FigureRow }) {
  const t = useT();
  return (
    <Text span size="xs" c="dimmed" display="block">
      {t('associationtotals.churchCount', { count: row.churches })}
      {row.churches_left_out > 0 ? (
        <>{' · '}<span data-testid="churches-left-out">{t('associationtotals.churchesLeftOut', { count: row.churches_left_out })}</span></>
      ) : null}
    </Text>
  );
}
