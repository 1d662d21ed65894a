import { Alert, Button, Group, Skeleton, Stack, Text, Title } from '@mantine/core';
import { IconAlertTriangle, IconChecks, IconInfoCircle, IconWifiOff } from '@tabler/icons-react';
import { ErrorState, QueryErrorState } from '../../components/ErrorState';
import { classLabel } from '../../lib/class-label';
import { isNetworkFailure, serverMessage } from '../../lib/errors';
import { countValues, useLanguage, useT } from '../../lib/i18n';
import { useKeepRollCallsOnDevice, useOffline } from '../offline-marks';
import { OfflineStatus } from './OfflineStatus';
import { RefusedMarks } from './RefusedMarks';
import { SaveBar } from './SaveBar';
import { SheetPickers } from './SheetPickers';
import { SheetState } from './SheetState';
import { StudentMarkRow } from './StudentMarkRow';
import { useRollCall } from './useRollCall';
import './messages';

type RollCall = ReturnType<typeof useRollCall>;

function StudentListSkeleton() {
  const t = useT();
  return (
    <Stack gap="xs" aria-busy="true" aria-label={t('attendance.loadingStudents')}>
      {Array.from({ length: 6 }, (_, i) => <Skeleton key={i} height={62} radius="md" />)}
    </Stack>
  );
}

/** The class's students, each with a present/absent switch, under their count and Mark all present. */
function StudentList({ rollCall }: { rollCall: RollCall }) {
  const t = useT();
  const language = useLanguage();
  const { roster, statusOf, isProvisional, pendingOfSheet, saving, tap } = rollCall;
  return (
    <>
      <SheetState lastSave={rollCall.lastSave} waiting={rollCall.waitingCount} />
      <Group justify="space-between" gap="sm">
        <Text size="sm" c="dimmed">{t('attendance.studentCount', countValues(language, roster.length))}</Text>
        <Button
          variant="light"
          leftSection={<IconChecks size={18} />}
          onClick={rollCall.markAllPresent}
          disabled={saving || rollCall.absent === 0}
        >
          {t('attendance.markAllPresent')}
        </Button>
      </Group>
      <Stack component="ul" gap="xs" m={0} p={0} aria-label={t('attendance.students')}>
        {roster.map((s) => (
          <StudentMarkRow
            key={s.id}
            studentId={s.id}
            name={s.name}
            rollNumber={s.roll_number}
            // A roster kept on the device from before the flag existed has none: no badge.
            hasMedicalNote={s.hasMedicalNote === true}
            consentMissing={s.consent_missing === true}
            status={statusOf(s.id)}
            provisional={isProvisional(s.id)}
            pending={pendingOfSheet.has(s.id)}
            disabled={saving}
            onChange={tap}
            t={t}
          />
        ))}
      </Stack>
    </>
  );
}

/** A plain note: what the sheet needs is not on this phone yet. */
function NotOnPhone({ text }: { text: string }) {
  return <Alert color="gray" variant="light" icon={<IconWifiOff size={18} />} role="note" data-testid="not-on-phone">{text}</Alert>;
}

/** The sheet of the chosen class and date: its rows and Save once they can be shown, else why not. */
function Sheet({ rollCall }: { rollCall: RollCall }) {
  const t = useT();
  const { classes, classId, students, stored } = rollCall;
  const sheetClass = classes.data?.find((c) => c.id === classId);
  const offline = useOffline();
  if (!classId) {
    return classes.data && classes.data.length > 0 ? <Text c="dimmed">{t('attendance.chooseClass')}</Text> : null;
  }
  // Offline, and this device has never kept the class's list (or the day's marks): not a failure to
  // retry, only a list to fetch once with signal. (Online, a call that got no answer is a failure with Retry.)
  if (offline && students.isError && isNetworkFailure(students.error)) return <NotOnPhone text={t('attendance.classNotOnPhone')} />;
  if (students.isError) {
    return (
      <ErrorState
        title={t('attendance.loadStudentsFailed')}
        message={serverMessage(students.error, '')}
        onRetry={() => {
          void students.refetch();
          if (stored.isError) void stored.refetch();
        }}
        retrying={students.isFetching}
      />
    );
  }
  if (students.data && students.data.length === 0) {
    return <Alert color="gray" variant="light" icon={<IconInfoCircle size={18} />}>{t('attendance.noStudents')}</Alert>;
  }
  if (offline && stored.isError && isNetworkFailure(stored.error)) return <NotOnPhone text={t('attendance.marksNotOnPhone')} />;
  if (stored.isError) return <QueryErrorState query={stored} title={t('attendance.loadMarksFailed')} />;
  if (!rollCall.rosterReady || stored.isPending) return <StudentListSkeleton />;
  return (
    <>
      <StudentList rollCall={rollCall} />
      <SaveBar
        present={rollCall.present}
        absent={rollCall.absent}
        feedback={rollCall.feedback}
        sync={{ state: rollCall.sheetSync, className: sheetClass ? classLabel(sheetClass) : '', date: rollCall.date }}
        onDismissFeedback={rollCall.dismissFeedback}
        hasUnsavedMarks={rollCall.hasUnsavedMarks}
        saving={rollCall.saving}
        onSave={rollCall.save}
      />
    </>
  );
}

/**
 * Mark Attendance: choose a class and a date (the church's today by default,
 * never a future date, nothing older than 14 days), set each student present or absent (present by
 * default, overlaid with what is stored for the date) and save. Built for a phone: large switches and
 * a Save button that stays at the bottom of the screen. The sheet's state is useRollCall's.
 */
export function MarkAttendancePage() {
  const t = useT();
  const rollCall = useRollCall();
  // Each visit online keeps the teacher's other classes' roll calls on the phone too.
  useKeepRollCallsOnDevice();
  return (
    <Stack gap="md" maw={720}>
      <Title order={1} size="h2">{t('attendance.title')}</Title>
      <OfflineStatus owner={rollCall.owner} unsent={rollCall.unsentCount} />
      <RefusedMarks owner={rollCall.owner} />
      <SheetPickers
        classes={rollCall.classes}
        classId={rollCall.classId}
        date={rollCall.date}
        today={rollCall.today}
        onClass={rollCall.chooseClass}
        onDate={rollCall.chooseDate}
        disabled={rollCall.saving}
      />
      {rollCall.dateProblem ? (
        <Alert
          color="orange"
          variant="light"
          icon={<IconAlertTriangle size={18} />}
          role="alert"
          withCloseButton
          closeButtonLabel={t('attendance.dismiss')}
          onClose={rollCall.dismissDateProblem}
        >
          {t(rollCall.dateProblem)}
        </Alert>
      ) : null}
      <Sheet rollCall={rollCall} />
    </Stack>
  );
}
