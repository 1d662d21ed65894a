import { useState } from 'react';
import { InputBase, Loader } from '@mantine/core';
import { IconCalendar } from '@tabler/icons-react';
import { ScreenBoundary } from '../../components/ScreenBoundary';
import { formatCalendarDateIn } from '../../lib/format';
import { useLanguage, useT } from '../../lib/i18n';
import { lazyScreen } from '../../lib/lazy-screen';
import type { AttendanceDatePickerProps } from './AttendanceDatePicker';
import { loadActiveCalendarLocale } from '../../lib/calendar-locale';
import './messages';

// The calendar comes with its month and weekday names in the page's language.
const AttendanceDatePicker = lazyScreen(async () => {
  const [{ AttendanceDatePicker: picker }] = await Promise.all([import('./AttendanceDatePicker'), loadActiveCalendarLocale()]);
  return picker;
});

/** What the picker looks like before its code is there: the same field, showing the date. */
function DateButton({ value, disabled, loading, onOpen }: { value: string; disabled: boolean; loading?: boolean; onOpen?: () => void }) {
  const t = useT();
  const language = useLanguage();
  return (
    <InputBase
      component="button"
      type="button"
      label={t('attendance.dateLabel')}
      size="md"
      leftSection={<IconCalendar size={18} />}
      leftSectionPointerEvents="none"
      rightSection={loading ? <Loader size="xs" /> : null}
      disabled={disabled}
      onClick={onOpen}
      onPointerEnter={() => void AttendanceDatePicker.preload().catch(() => undefined)}
      aria-busy={loading}
    >
      {formatCalendarDateIn(language, value)}
    </InputBase>
  );
}

/**
 * The date of Mark Attendance. Most Sundays it stays today, so the calendar (dayjs, Mantine's dates
 * and popover: about a sixth of the screen's download) is fetched only when the teacher first opens
 * it; until then the field is a button showing the date.
 */
export function DateField(props: Omit<AttendanceDatePickerProps, 'openOnMount'>) {
  const [wanted, setWanted] = useState(false);
  if (!wanted) return <DateButton value={props.value} disabled={props.disabled} onOpen={() => setWanted(true)} />;
  return (
    <ScreenBoundary fallback={<DateButton value={props.value} disabled={props.disabled} loading />}>
      <AttendanceDatePicker {...props} openOnMount />
    </ScreenBoundary>
  );
}
