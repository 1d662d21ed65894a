import '@mantine/dates/styles.css';
import { useEffect, useRef } from 'react';
import { DatePickerInput } from '@mantine/dates';
import { IconCalendar } from '@tabler/icons-react';

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
  const input = useRef<HTMLButtonElement>(null);
  useEffect(() => {
    if (openOnMount) input.current?.click();
  }, [openOnMount]);

  return (
    <DatePickerInput
      ref={input}
      label="Date"
      value={value}
      onChange={onChange}
      maxDate={maxDate}
      valueFormat="ddd, D MMM YYYY"
      size="md"
      leftSection={<IconCalendar size={18} />}
      leftSectionPointerEvents="none"
      firstDayOfWeek={0}
      previousLabel="Previous month"
      nextLabel="Next month"
      disabled={disabled}
    />
  );
}
