import { useDeferredValue, useEffect, useMemo, useRef, useState, type ReactNode } from 'react';
import { Alert, Box, Button, Group, NativeSelect, SimpleGrid, Skeleton, Stack, Text, Title } from '@mantine/core';
import {
  IconAlertTriangle, IconCheck, IconChecks, IconDeviceFloppy, IconInfoCircle, IconPencil, IconRefresh,
} from '@tabler/icons-react';
import { skipToken } from '@tanstack/react-query';
import { MESSAGES, type AttendanceStatus } from '../../../../common/constants';
import { attendanceDateProblem } from '../../../../common/attendance';
import { churchToday, useSignedInSession } from '../auth';
import { ErrorState, QueryErrorState } from '../../components/ErrorState';
import { reasonOf, serverMessage } from '../../lib/errors';
import { useT, type MessageId } from '../../lib/i18n';
import { trpc } from '../../lib/trpc';
import { useAddressParams } from '../../lib/useAddressParams';
import { classOptions } from '../../lib/class-label';
import { useMarkableClasses } from './classes';
import { DateField } from './DateField';
import { StudentMarkRow } from './StudentMarkRow';
import { SUCCESS_MESSAGE_MS } from './texts';
import './messages';
import { draftKey, useAttendanceDraft } from './useAttendanceDraft';
import { sheetClassId, sheetDate } from './sheet-selection';
import { WRAPPING_BUTTON_STYLES } from '../../components/wrapping-button';

type Feedback = { kind: 'success' | 'error'; text: string; at: number };

/** The roster before the sheet's first low-priority render (see below). */
const NO_ROSTER = { classId: null, date: '', students: undefined };

/**
 * Another teacher may have marked the class meanwhile: stored marks are asked again whenever the
 * sheet is opened, unless they were fetched moments ago (by the page load, beside the session check,
 * which on a slow connection can be several seconds before the sheet renders).
 */
const STORED_MARKS_STALE_MS = 15_000;

/**
 * The server's refusals of a save, by the machine reason it gives with them: shown in the page's
 * language (the server's own message is the English of the same catalogue entry).
 */
const SAVE_REFUSALS: Readonly<Record<string, MessageId>> = {
  attendance_too_old: 'attendance.tooOld',
  attendance_future_date: 'attendance.futureDate',
  student_not_in_class: 'attendance.studentNotInClass',
  no_students: 'attendance.noStudents',
};

/** The class and date of the screen live in the address (?class=…&date=…), so a reload keeps them. */
function useSelection() {
  const { params, update } = useAddressParams();
  return { requestedClass: params.get('class'), requestedDate: params.get('date'), update };
}

function StudentListSkeleton() {
  const t = useT();
  return (
    <Stack gap="xs" aria-busy="true" aria-label={t('attendance.loadingStudents')}>
      {Array.from({ length: 6 }, (_, i) => <Skeleton key={i} height={62} radius="md" />)}
    </Stack>
  );
}

/**
 * Mark Attendance: choose a class and a date (the church's today by default,
 * never a future date, nothing older than 14 days), set each student present or absent (present by
 * default, overlaid with what is stored for the date) and save. Built for a phone: large switches and
 * a Save button that stays at the bottom of the screen.
 */
export function MarkAttendancePage() {
  const t = useT();
  const { user, church } = useSignedInSession();
  const today = churchToday(church);
  const utils = trpc.useUtils();
  const { requestedClass, requestedDate, update } = useSelection();
  const classes = useMarkableClasses();

  const date = sheetDate(requestedDate, today);
  const classId = sheetClassId(classes.data, requestedClass);

  const students = trpc.students.byClass.useQuery(classId ? { classId } : skipToken);
  const stored = trpc.attendance.byDate.useQuery(classId ? { classId, date } : skipToken, { staleTime: STORED_MARKS_STALE_MS });
  const mark = trpc.attendance.mark.useMutation();

  // The user's unsaved changes, for one class and date, kept in the tab until they are saved.
  const sheetKey = classId ? draftKey({ churchCode: church.code, userId: user.id, classId, date }) : null;
  const draft = useAttendanceDraft(sheetKey);
  // The rows appear as a low-priority update once a class's students and the date's stored marks
  // are both here, whichever came last, and never in the screen's first render even when its data
  // is already cached: the frame, the title and the pickers are shown first, and the rows of a whole
  // class then render in slices and lay out apart, which keeps a slow phone responsive. Until that
  // render has this very class and date, the sheet shows its skeleton, never another class's rows.
  // (The marks themselves stay urgent: after a save they must change at once.)
  const marksLoaded = stored.data !== undefined;
  const rosterOfSheet = useMemo(
    () => ({ classId, date, students: marksLoaded ? students.data : undefined }),
    [classId, date, marksLoaded, students.data],
  );
  const deferredRoster = useDeferredValue(rosterOfSheet, NO_ROSTER);
  const rosterReady = deferredRoster.classId === classId && deferredRoster.date === date && deferredRoster.students !== undefined;
  const storedMarks = useMemo(
    () => new Map<string, AttendanceStatus>(
      (stored.data ?? []).map((r) => [r.student_id, r.status === 'absent' ? 'absent' : 'present']),
    ),
    [stored.data],
  );
  const storedStatusOf = (studentId: string): AttendanceStatus => storedMarks.get(studentId) ?? 'present';
  const statusOf = (studentId: string): AttendanceStatus => draft.marks[studentId] ?? storedStatusOf(studentId);

  const [dateProblem, setDateProblem] = useState<MessageId | null>(null);
  const [feedback, setFeedback] = useState<Feedback | null>(null);

  // 'Attendance marked successfully!' stays 3 seconds.
  useEffect(() => {
    if (feedback?.kind !== 'success') return;
    const timer = setTimeout(() => setFeedback((f) => (f === feedback ? null : f)), SUCCESS_MESSAGE_MS);
    return () => clearTimeout(timer);
  }, [feedback]);

  const chooseClass = (value: string | null) => {
    if (!value) return;
    setDateProblem(null);
    setFeedback(null);
    update({ class: value });
  };

  /** A date outside the window is refused with the spec's alert and the screen stays on its date. */
  const chooseDate = (value: string | null) => {
    if (!value) return;
    const problem = attendanceDateProblem(value, today);
    if (problem) {
      setDateProblem(problem === MESSAGES.attendanceTooOld ? 'attendance.tooOld' : 'attendance.futureDate');
      return;
    }
    setDateProblem(null);
    setFeedback(null);
    update({ date: value === today ? null : value });
  };

  const roster = (rosterReady ? deferredRoster.students : undefined) ?? [];
  const present = roster.filter((s) => statusOf(s.id) === 'present').length;
  const absent = roster.length - present;
  // Marks of students no longer in the class are ignored; a mark equal to the stored one changes nothing.
  const hasUnsavedMarks = roster.some((s) => statusOf(s.id) !== storedStatusOf(s.id));

  const markAllPresent = () => {
    draft.setAll(Object.fromEntries(roster.map((s) => [s.id, 'present' as const])));
  };

  // One save at a time, even on a double tap before the button shows it is busy.
  const saving = useRef(false);
  const save = () => {
    if (!classId || !sheetKey || saving.current || roster.length === 0) return;
    saving.current = true;
    const savedKey = sheetKey;
    const attendanceData = roster.map((s) => ({ studentId: s.id, status: statusOf(s.id) }));
    setFeedback(null);
    mark.mutate({ classId, date, attendanceData }, {
      onSuccess: () => {
        utils.attendance.byDate.setData(
          { classId, date },
          attendanceData.map((m) => ({ student_id: m.studentId, status: m.status })),
        );
        draft.discard(savedKey);
        void utils.attendance.monthly.invalidate();
        void utils.attendance.calendar.invalidate();
        setFeedback({ kind: 'success', text: t('attendance.marked'), at: Date.now() });
      },
      // The marks stay on screen and in the draft; Retry sends what the screen shows.
      onError: (error) => {
        const refusal = SAVE_REFUSALS[reasonOf(error) ?? ''];
        const text = refusal ? t(refusal) : serverMessage(error, t('attendance.markUnreachable'));
        setFeedback({ kind: 'error', text, at: Date.now() });
      },
      onSettled: () => {
        saving.current = false;
      },
    });
  };

  const selectors = classes.isPending ? (
    <SimpleGrid cols={{ base: 1, xs: 2 }} aria-busy="true" aria-label={t('attendance.loadingClasses')}>
      <Skeleton height={66} radius="md" />
      <Skeleton height={66} radius="md" />
    </SimpleGrid>
  ) : classes.error ? (
    <ErrorState
      title={t('attendance.loadClassesFailed')}
      message={serverMessage(classes.error, '')}
      onRetry={classes.retry}
      retrying={classes.retrying}
    />
  ) : classes.data && classes.data.length === 0 ? (
    <Alert color="gray" variant="light" icon={<IconInfoCircle size={18} />}>{t('attendance.noClasses')}</Alert>
  ) : (
    <SimpleGrid cols={{ base: 1, xs: 2 }}>
      {/* The phone's own picker: large, familiar, and no dropdown code to download. */}
      <NativeSelect
        label={t('attendance.classLabel')}
        data={[{ value: '', label: t('attendance.chooseClassOption'), disabled: true }, ...classOptions(classes.data ?? [])]}
        value={classId ?? ''}
        onChange={(event) => chooseClass(event.currentTarget.value || null)}
        size="md"
        disabled={mark.isPending}
      />
      <DateField value={date} onChange={chooseDate} maxDate={today} disabled={mark.isPending} />
    </SimpleGrid>
  );

  let sheet: ReactNode = null;
  if (classId) {
    if (students.isError) {
      sheet = (
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
    } else if (students.data && students.data.length === 0) {
      sheet = <Alert color="gray" variant="light" icon={<IconInfoCircle size={18} />}>{t('attendance.noStudents')}</Alert>;
    } else if (stored.isError) {
      sheet = <QueryErrorState query={stored} title={t('attendance.loadMarksFailed')} />;
    } else if (!rosterReady || stored.isPending) {
      sheet = <StudentListSkeleton />;
    } else {
      sheet = (
        <>
          <Group justify="space-between" gap="sm">
            <Text size="sm" c="dimmed">{t('attendance.studentCount', { count: roster.length })}</Text>
            <Button
              variant="light"
              leftSection={<IconChecks size={18} />}
              onClick={markAllPresent}
              disabled={mark.isPending || absent === 0}
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
                status={statusOf(s.id)}
                disabled={mark.isPending}
                onChange={draft.setMark}
                t={t}
              />
            ))}
          </Stack>
          <Box
            pos="sticky"
            bottom={0}
            pt="sm"
            style={{
              zIndex: 3,
              background: 'var(--mantine-color-body)',
              paddingBottom: 'calc(var(--mantine-spacing-sm) + env(safe-area-inset-bottom))',
              borderTop: '1px solid var(--mantine-color-default-border)',
            }}
          >
            <Stack gap="xs">
              {feedback?.kind === 'success' ? (
                <Alert color="teal" variant="light" icon={<IconCheck size={18} />} role="status" py="xs">
                  {feedback.text}
                </Alert>
              ) : null}
              {feedback?.kind === 'error' ? (
                <Alert
                  color="red"
                  variant="light"
                  icon={<IconAlertTriangle size={18} />}
                  role="alert"
                  py="xs"
                  withCloseButton
                  closeButtonLabel={t('attendance.dismiss')}
                  onClose={() => setFeedback(null)}
                >
                  <Group justify="space-between" wrap="nowrap" gap="sm">
                    <Text size="sm">{feedback.text}</Text>
                    <Button
                      size="xs"
                      variant="white"
                      color="red"
                      leftSection={<IconRefresh size={14} />}
                      onClick={save}
                      style={{ flexShrink: 0 }}
                    >
                      {t('attendance.retry')}
                    </Button>
                  </Group>
                </Alert>
              ) : null}
              {hasUnsavedMarks ? (
                <Group gap={6} wrap="nowrap" c="dimmed" data-testid="unsaved-note">
                  <IconPencil size={16} aria-hidden />
                  <Text size="sm">{t('attendance.unsaved')}</Text>
                </Group>
              ) : null}
              <Button
                size="lg"
                fullWidth
                leftSection={<IconDeviceFloppy size={20} />}
                onClick={save}
                loading={mark.isPending}
                aria-busy={mark.isPending}
                data-testid="save-attendance"
                styles={WRAPPING_BUTTON_STYLES}
              >
                {t('attendance.save', { present, absent })}
              </Button>
            </Stack>
          </Box>
        </>
      );
    }
  } else if (classes.data && classes.data.length > 0) {
    sheet = <Text c="dimmed">{t('attendance.chooseClass')}</Text>;
  }

  return (
    <Stack gap="md" maw={720}>
      <Title order={1} size="h2">{t('attendance.title')}</Title>
      {selectors}
      {dateProblem ? (
        <Alert
          color="orange"
          variant="light"
          icon={<IconAlertTriangle size={18} />}
          role="alert"
          withCloseButton
          closeButtonLabel={t('attendance.dismiss')}
          onClose={() => setDateProblem(null)}
        >
          {t(dateProblem)}
        </Alert>
      ) : null}
      {sheet}
    </Stack>
  );
}
