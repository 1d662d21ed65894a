import '@mantine/dates/styles.css';
import { useEffect, useRef } from 'react';
import { DatePickerInput, DatesProvider } from '@mantine/dates';
import { IconCalendar } from '@tabler/icons-react';
import { useT } from '../../lib/i18n';
import { formatCalendarDateIn } from '../../lib/format';
import { useCalendarLocale } from '../../lib/calendar-locale';
import './messages';

export interface AttendanceDatePickerProps {
  value: string;
  onChange: (date: string | null) => void;
  maxDate: string;
  disabled: boolean;
  /** Opens the calendar as soon as it is shown: the tap that asked for it should not be lost. */
  openOnMount?: boolean;
}

/** The calendar of Mark Attendance (with dayjs and Mantine's popover), in a chunk of its own. */
export function AttendanceDatePicker({ value, onChange, maxDate, disabled, openOnMount }: AttendanceDatePickerProps) {
  const t = useT();
  const locale = useCalendarLocale();
  const input = useRef<HTMLButtonElement>(null);
  useEffect(() => {
    if (openOnMount) input.current?.click();
  }, [openOnMount]);

  return (
    <DatesProvider settings={{ locale }}>
      <DatePickerInput
        ref={input}
        label={t('attendance.dateLabel')}
        value={value}
        onChange={onChange}
        maxDate={maxDate}
        // The field reads as the button shown before the calendar's code came (DateField).
        valueFormatter={({ date }) => (typeof date === 'string' ? formatCalendarDateIn(locale, date) : '')}
        size="md"
        leftSection={<IconCalendar size={18} />}
        leftSectionPointerEvents="none"
        firstDayOfWeek={0}
        previousLabel={t('attendance.previousMonth')}
        nextLabel={t('attendance.nextMonth')}
        disabled={disabled}
      />
    </DatesProvider>
  );
}
