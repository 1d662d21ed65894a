import { lazy, Suspense, useEffect, useRef, useState } from 'react';
import { Button, Card, Group, Skeleton, Stack, Text, Title } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { notify } from '../../lib/notify';
import { keepPreviousData } from '@tanstack/react-query';
import { IconFileImport, IconUsers } from '@tabler/icons-react';
import { churchToday, useCan, useSignedInSession } from '../auth';
import { ConfirmDialog } from '../../components/ConfirmDialog';
import { QueryErrorState } from '../../components/ErrorState';
import { PagedTable } from '../../components/PagedTable';
import { serverMessage } from '../../lib/errors';
import { localized, useT } from '../../lib/i18n';
import { trpc } from '../../lib/trpc';
import { useAcademicYears, yearOptions } from '../classes';
import { ALL, StudentFilters } from './StudentFilters';
import { StudentForm } from './StudentForm';
import { StudentsTable, type StudentItem } from './StudentsTable';
import './messages';

const SEARCH_DEBOUNCE_MS = 300;

// The import dialog (and its table) is fetched only when someone opens it.
const ImportStudentsDialog = lazy(() => import('../student-import').then((m) => ({ default: m.ImportStudentsDialog })));

/**
 * Students: filters, the add/edit form and the list. Teachers see and edit the students of their
 * own classes (the server decides); only those who may delete students delete one, after a
 * confirmation.
 */
export function StudentsPage() {
  const t = useT();
  const { user, church } = useSignedInSession();
  const canDelete = useCan('deleteStudents');
  const canImport = useCan('manageStudents');
  const [importOpened, setImportOpened] = useState(false);
  const utils = trpc.useUtils();
  const years = useAcademicYears();
  const classes = trpc.students.availableClasses.useQuery(undefined);

  // null while untouched: the current academic year (the server's) is shown first.
  const [chosenYear, setChosenYear] = useState<string | null>(null);
  const [classId, setClassId] = useState(ALL);
  const [search, setSearch] = useState('');
  const [debouncedSearch] = useDebouncedValue(search.trim(), SEARCH_DEBOUNCE_MS);
  const year = chosenYear ?? years.data?.current ?? (years.isError ? ALL : null);

  const students = trpc.students.list.useQuery(
    {
      academic_year: year === ALL ? '' : year ?? '',
      class_id: classId === ALL ? '' : classId,
      search: debouncedSearch,
    },
    { enabled: year !== null, placeholderData: keepPreviousData },
  );

  const [editing, setEditing] = useState<StudentItem | null>(null);
  const [formVersion, setFormVersion] = useState(0);
  const [deleting, setDeleting] = useState<StudentItem | null>(null);
  const [confirmOpened, setConfirmOpened] = useState(false);
  const formRef = useRef<HTMLDivElement>(null);

  useEffect(() => {
    if (editing) formRef.current?.scrollIntoView({ behavior: 'smooth', block: 'start' });
  }, [editing]);

  const remove = trpc.students.delete.useMutation({
    onSuccess: async (result) => {
      notify({ color: 'green', message: localized(t, result.message) });
      if (editing?.id === result.id) setEditing(null);
      setConfirmOpened(false);
      await Promise.all([utils.students.invalidate(), utils.classes.invalidate(), utils.subscription.usage.invalidate()]);
    },
  });

  const changeYear = (next: string) => {
    setChosenYear(next);
    // A class of another year would filter everything out: back to all classes.
    const cls = classes.data?.find((c) => c.id === classId);
    if (cls && next !== ALL && cls.academic_year !== next) setClassId(ALL);
  };

  const closeForm = () => {
    setEditing(null);
    setFormVersion((v) => v + 1);
  };

  const classesOfYear = (classes.data ?? []).filter((c) => year === ALL || year === null || c.academic_year === year);
  const title = user.role === 'super_admin' ? t('students.titleManagement') : t('students.title');
  const searching = students.isFetching && (students.isPlaceholderData || search.trim() !== debouncedSearch);

  return (
    <Stack gap="lg" maw={1200}>
      <Group justify="space-between" align="flex-start" wrap="wrap" gap="sm">
        <Stack gap={4}>
          <Title order={1} size="h2">{title}</Title>
          <Text c="dimmed">
            {user.role === 'teacher' ? t('students.subtitleTeacher') : t('students.subtitleAll')}
          </Text>
        </Stack>
        {canImport ? (
          <Button variant="light" leftSection={<IconFileImport size={18} />} onClick={() => setImportOpened(true)}>
            {t('students.importButton')}
          </Button>
        ) : null}
      </Group>
      {importOpened ? (
        <Suspense fallback={null}>
          <ImportStudentsDialog opened onClose={() => setImportOpened(false)} defaultClassId={classId === ALL ? null : classId} />
        </Suspense>
      ) : null}

      <div ref={formRef} style={{ scrollMarginTop: 76 }}>
        <StudentForm
          key={editing ? `edit-${editing.id}` : `new-${formVersion}`}
          editing={editing}
          defaultClassId={classId === ALL ? null : classId}
          today={churchToday(church)}
          onDone={closeForm}
        />
      </div>

      <Card withBorder padding="lg">
        <Stack gap="md">
          <Title order={2} size="h4">{t('students.list')}</Title>
          {years.isPending || classes.isPending ? (
            <Skeleton height={60} aria-label={t('students.loadingFilters')} />
          ) : (
            <StudentFilters
              years={yearOptions(years.data?.choices, chosenYear === ALL ? null : chosenYear)}
              year={year ?? ALL}
              onYearChange={changeYear}
              classes={classesOfYear}
              classId={classId}
              onClassChange={setClassId}
              search={search}
              onSearchChange={setSearch}
              searching={searching}
            />
          )}
          {years.isError ? <QueryErrorState query={years} title={t('students.academicYearsLoadFailed')} fallback={t('students.unreachable')} /> : null}
          {classes.isError ? <QueryErrorState query={classes} title={t('students.classesLoadFailed')} fallback={t('students.unreachable')} /> : null}

          <PagedTable
            query={students}
            items={students.data}
            loadingLabel={t('students.loading')}
            errorTitle={t('students.loadFailed')}
            errorFallback={t('students.unreachable')}
            empty={{ icon: <IconUsers size={28} />, title: t('students.empty'), testId: 'students-empty' }}
          >
            {(items) => (
              <StudentsTable
                students={items}
                onEdit={setEditing}
                onDelete={canDelete ? (s) => { remove.reset(); setDeleting(s); setConfirmOpened(true); } : undefined}
              />
            )}
          </PagedTable>
        </Stack>
      </Card>

      <ConfirmDialog
        opened={confirmOpened}
        title={t('students.deleteTitle')}
        confirmLabel={t('common.delete')}
        onConfirm={() => deleting && remove.mutate({ id: deleting.id })}
        onClose={() => setConfirmOpened(false)}
        pending={remove.isPending}
        error={remove.isError ? localized(t, serverMessage(remove.error, t('students.deleteFailed'))) : null}
      >
        {deleting ? t('students.deleteQuestion', { name: deleting.name }) : ''}
      </ConfirmDialog>
    </Stack>
  );
}
