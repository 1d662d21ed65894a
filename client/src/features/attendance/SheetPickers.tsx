import { Alert, NativeSelect, SimpleGrid, Skeleton } from '@mantine/core';
import { IconInfoCircle } from '@tabler/icons-react';
import { ErrorState } from '../../components/ErrorState';
import { classOptions } from '../../lib/class-label';
import { serverMessage } from '../../lib/errors';
import { useT } from '../../lib/i18n';
import type { useMarkableClasses } from './classes';
import { DateField } from './DateField';
import './messages';

interface SheetPickersProps {
  classes: ReturnType<typeof useMarkableClasses>;
  classId: string | null;
  date: string;
  today: string;
  onClass: (classId: string | null) => void;
  onDate: (date: string | null) => void;
  disabled: boolean;
}

/** The sheet's class and date, side by side from a small tablet up; while the classes load, their
 * skeleton; when they fail, the error with Retry; a user with no class is told so. */
export function SheetPickers({ classes, classId, date, today, onClass, onDate, disabled }: SheetPickersProps) {
  const t = useT();
  if (classes.isPending) {
    return (
      <SimpleGrid cols={{ base: 1, xs: 2 }} aria-busy="true" aria-label={t('attendance.loadingClasses')}>
        <Skeleton height={66} radius="md" />
        <Skeleton height={66} radius="md" />
      </SimpleGrid>
    );
  }
  if (classes.error) {
    return (
      <ErrorState
        title={t('attendance.loadClassesFailed')}
        message={serverMessage(classes.error, '')}
        onRetry={classes.retry}
        retrying={classes.retrying}
      />
    );
  }
  if (classes.data && classes.data.length === 0) {
    return <Alert color="gray" variant="light" icon={<IconInfoCircle size={18} />}>{t('attendance.noClasses')}</Alert>;
  }
  return (
    <SimpleGrid cols={{ base: 1, xs: 2 }}>
      {/* The phone's own picker: large, familiar, and no dropdown code to download. */}
      <NativeSelect
        label={t('attendance.classLabel')}
        data={[{ value: '', label: t('attendance.chooseClassOption'), disabled: true }, ...classOptions(classes.data ?? [])]}
        value={classId ?? ''}
        onChange={(event) => onClass(event.currentTarget.value || null)}
        size="md"
        disabled={disabled}
      />
      <DateField value={date} onChange={onDate} maxDate={today} disabled={disabled} />
    </SimpleGrid>
  );
}
