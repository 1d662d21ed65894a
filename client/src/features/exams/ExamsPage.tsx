import { useState } from 'react';
import { Alert, Badge, Button, Card, Group, Select, Stack, Text, Title } from '@mantine/core';
import { IconAlertCircle, IconCopy, IconPlus } from '@tabler/icons-react';
import { ConfirmDialog } from '../../components/ConfirmDialog';
import { ErrorState } from '../../components/ErrorState';
import { TableSkeleton } from '../../components/TableSkeleton';
import { serverMessage } from '../../lib/errors';
import { formatCalendarDateIn } from '../../lib/format';
import { localized, useLanguage, useT } from '../../lib/i18n';
import { notify } from '../../lib/notify';
import { trpc } from '../../lib/trpc';
import { useCan } from '../auth';
import { useAcademicYears, yearOptions } from '../classes';
import { ExamForm } from './ExamForm';
import { CertificatesCard } from './CertificatesCard';
import { ExamClasses } from './ExamClasses';
import { SchemeCard } from './SchemeCard';
import { KIND_LABEL, type ExamItem } from './exam-texts';
import './messages';

/**
 * Exams: the exams of an academic year (the church's current one first), each with its kind, dates,
 * weight and whether its results are published, and its classes with their papers and the ways to
 * their marks and results. Principals and super admins also make, change and delete exams and papers,
 * copy last year's set-up into an empty year, and set the church's result scheme.
 */
export function ExamsPage() {
  const t = useT();
  const manager = useCan('manageExams');
  const years = useAcademicYears();
  const utils = trpc.useUtils();
  // null while untouched: the server answers with the church's current year.
  const [chosenYear, setChosenYear] = useState<string | null>(null);
  const list = trpc.exams.list.useQuery(chosenYear ? { academic_year: chosenYear } : undefined);
  const year = chosenYear ?? list.data?.academic_year ?? null;

  const [formOpen, setFormOpen] = useState(false);
  // A new form each time one is opened (a made exam's values do not linger in the next).
  const [formVersion, setFormVersion] = useState(0);
  const openForm = (exam: ExamItem | null) => {
    setEditing(exam);
    setFormVersion((v) => v + 1);
    setFormOpen(true);
  };
  const [editing, setEditing] = useState<ExamItem | null>(null);
  const [deleting, setDeleting] = useState<ExamItem | null>(null);
  const [confirmOpened, setConfirmOpened] = useState(false);

  const copy = trpc.exams.copyYear.useMutation({
    onSuccess: async () => {
      notify({ color: 'green', message: t('exams.copied') });
      await utils.exams.invalidate();
    },
  });
  const remove = trpc.exams.delete.useMutation({
    onSuccess: async () => {
      notify({ color: 'green', message: t('exams.deleted') });
      setConfirmOpened(false);
      await utils.exams.invalidate();
    },
  });

  const exams = list.data?.exams ?? [];

  return (
    <Stack gap="lg" maw={1200}>
      <Stack gap={4}>
        <Title order={1} size="h2">{t('exams.title')}</Title>
        <Text c="dimmed">{manager ? t('exams.subtitleManager') : t('exams.subtitleTeacher')}</Text>
      </Stack>

      <Group align="flex-end" gap="md" wrap="wrap">
        <Select
          label={t('exams.academicYear')}
          data={yearOptions(years.data?.choices, year)}
          value={year}
          onChange={(value) => value && setChosenYear(value)}
          allowDeselect={false}
          w={200}
          data-testid="exam-year"
        />
        {manager && year ? (
          <Button leftSection={<IconPlus size={16} />} onClick={() => openForm(null)}>
            {t('exams.add')}
          </Button>
        ) : null}
      </Group>

      {list.isPending ? <TableSkeleton rows={3} label={t('exams.loading')} /> : null}
      {list.isError ? (
        <ErrorState
          title={t('exams.loadFailed')}
          message={localized(t, serverMessage(list.error, t('exams.unreachable')))}
          onRetry={() => void list.refetch()}
          retrying={list.isFetching}
        />
      ) : null}

      {list.isSuccess && exams.length === 0 ? (
        <Card withBorder padding="lg" data-testid="exams-empty">
          <Stack gap="sm" align="flex-start">
            <Text fw={600}>{t('exams.empty', { year: list.data.academic_year })}</Text>
            {manager ? (
              <>
                <Text c="dimmed" size="sm">{t('exams.copyHint')}</Text>
                <Button
                  variant="light"
                  leftSection={<IconCopy size={16} />}
                  loading={copy.isPending}
                  onClick={() => copy.mutate({ academic_year: list.data.academic_year })}
                >
                  {t('exams.copyLastYear')}
                </Button>
                {copy.isError ? (
                  <Alert color="red" variant="light" icon={<IconAlertCircle size={18} />} role="alert">
                    {localized(t, serverMessage(copy.error, t('exams.copyFailed')))}
                  </Alert>
                ) : null}
              </>
            ) : null}
          </Stack>
        </Card>
      ) : null}

      {exams.map((exam) => (
        <ExamCard
          key={exam.id}
          exam={exam}
          manager={manager}
          onEdit={() => openForm(exam)}
          onDelete={() => { remove.reset(); setDeleting(exam); setConfirmOpened(true); }}
        />
      ))}

      {manager && year ? <CertificatesCard year={year} /> : null}
      {manager ? <SchemeCard /> : null}

      {manager && year ? (
        <ExamForm
          key={formVersion}
          opened={formOpen}
          year={year}
          editing={editing}
          onClose={() => setFormOpen(false)}
        />
      ) : null}

      <ConfirmDialog
        opened={confirmOpened}
        title={t('exams.deleteTitle')}
        confirmLabel={t('exams.delete')}
        onConfirm={() => deleting && remove.mutate({ exam_id: deleting.id })}
        onClose={() => setConfirmOpened(false)}
        pending={remove.isPending}
        error={remove.isError ? localized(t, serverMessage(remove.error, t('exams.deleteFailed'))) : null}
      >
        {deleting ? t('exams.deleteQuestion', { name: deleting.name }) : ''}
      </ConfirmDialog>
    </Stack>
  );
}

/** One exam: what it is, and (opened) its classes with their papers and links. */
function ExamCard({ exam, manager, onEdit, onDelete }: { exam: ExamItem; manager: boolean; onEdit: () => void; onDelete: () => void }) {
  const t = useT();
  const language = useLanguage();
  const [open, setOpen] = useState(false);
  const day = (date: string) => formatCalendarDateIn(language, date);
  const only = exam.starts_on ?? exam.ends_on;
  const dates = exam.starts_on && exam.ends_on && exam.starts_on !== exam.ends_on
    ? t('exams.dateRange', { from: day(exam.starts_on), to: day(exam.ends_on) })
    : only ? day(only) : t('exams.noDates');
  return (
    <Card withBorder padding="lg" data-testid="exam-card" aria-label={exam.name} component="section">
      <Stack gap="sm">
        <Group justify="space-between" align="flex-start" gap="sm">
          <Stack gap={4} style={{ minWidth: 0, flex: '1 1 12rem' }}>
            <Title order={2} size="h4" style={{ overflowWrap: 'anywhere' }}>{exam.name}</Title>
            <Group gap="xs">
              <Badge variant="light">{t(KIND_LABEL[exam.kind])}</Badge>
              {exam.published_at
                ? <Badge color="green" variant="light" data-testid="exam-published">{t('exams.badge.published')}</Badge>
                : <Badge color="gray" variant="light">{t('exams.badge.draft')}</Badge>}
            </Group>
            <Text size="sm" c="dimmed">
              {dates}
            </Text>
            <Text size="sm" c="dimmed">
              {exam.weight === null ? t('exams.weightOfKind') : t('exams.weightValue', { weight: exam.weight })}
            </Text>
          </Stack>
          {manager ? (
            <Group gap="xs">
              <Button size="xs" variant="default" onClick={onEdit}>{t('exams.edit')}</Button>
              <Button size="xs" variant="subtle" color="red" onClick={onDelete}>{t('exams.delete')}</Button>
            </Group>
          ) : null}
        </Group>
        <Button variant="light" size="sm" onClick={() => setOpen((o) => !o)} aria-expanded={open} style={{ alignSelf: 'flex-start' }}>
          {open ? t('exams.hideClasses') : t('exams.showClasses')}
        </Button>
        {open ? <ExamClasses examId={exam.id} manager={manager} published={Boolean(exam.published_at)} /> : null}
      </Stack>
    </Card>
  );
}
