import { useState, type MouseEvent, type ReactNode } from 'react';
import { Anchor, Badge, Button, Card, Group, Stack, Table, Text, Title, VisuallyHidden } from '@mantine/core';
import { IconDownload } from '@tabler/icons-react';
import { Link, useParams } from 'react-router-dom';
import { ConfirmDialog } from '../../components/ConfirmDialog';
import { ErrorState } from '../../components/ErrorState';
import { TableSkeleton } from '../../components/TableSkeleton';
import { classLabel } from '../../lib/class-label';
import { downloadFile, FileDownloadError, type ReportFile } from '../../lib/download-file';
import { serverMessage } from '../../lib/errors';
import { formatMomentIn } from '../../lib/format';
import { localized, useLanguage, useT } from '../../lib/i18n';
import { notify } from '../../lib/notify';
import { trpc, type RouterOutputs } from '../../lib/trpc';
import { useCan } from '../auth';
import { DIVISION_LABEL, KIND_LABEL, formatMarks, marksPath } from './exam-texts';
import { ReportCardActions } from './ReportCardActions';
import './messages';

type Sheet = RouterOutputs['exams']['results'];
type Row = Sheet['rows'][number];

/**
 * A class's result sheet of an exam (the paper register): roll number, name, each paper's marks (AB
 * absent, a dash not entered), total, percentage, division, grade, result and rank. Principals and
 * super admins also publish or unpublish the exam's results (after a confirmation), read the
 * corrections made since publishing and the church's figures of the exam. The sheet and the class's
 * report cards download as PDFs.
 */
export function ExamResultsPage() {
  const t = useT();
  const { examId = '', classId = '' } = useParams();
  const manager = useCan('manageExams');
  const sheet = trpc.exams.results.useQuery({ exam_id: examId, class_id: classId });

  if (sheet.isPending) return <TableSkeleton rows={6} label={t('exams.sheet.loading')} />;
  if (sheet.isError) {
    return (
      <Stack gap="md" maw={1200}>
        <Anchor component={Link} to="/exams" size="sm">{t('exams.backToExams')}</Anchor>
        <ErrorState
          title={t('exams.sheet.loadFailed')}
          message={localized(t, serverMessage(sheet.error, t('exams.unreachable')))}
          onRetry={() => void sheet.refetch()}
          retrying={sheet.isFetching}
        />
      </Stack>
    );
  }
  const { exam, papers, rows } = sheet.data;
  const published = Boolean(exam.published_at);
  return (
    <Stack gap="lg" maw={1200}>
      <Anchor component={Link} to="/exams" size="sm">{t('exams.backToExams')}</Anchor>
      <Stack gap={4}>
        <Title order={1} size="h2" style={{ overflowWrap: 'anywhere' }}>
          {t('exams.sheet.title', { exam: exam.name, class: classLabel(sheet.data.class) })}
        </Title>
        <Group gap="xs">
          <Badge variant="light">{t(KIND_LABEL[exam.kind])}</Badge>
          <Badge variant="light" color="gray">{exam.academic_year}</Badge>
          {published
            ? <Badge color="green" variant="light" data-testid="sheet-published">{t('exams.badge.published')}</Badge>
            : <Badge color="gray" variant="light">{t('exams.badge.draft')}</Badge>}
        </Group>
      </Stack>

      <Group gap="sm" wrap="wrap">
        {!published || manager ? <Button component={Link} to={marksPath(exam.id, classId)} variant="light">{t('exams.enterMarks')}</Button> : null}
        <PdfLink file={{ path: `/api/exams/${exam.id}/classes/${classId}/result-sheet.pdf`, accept: 'application/pdf', fallbackName: 'result-sheet.pdf' }}>
          {t('exams.sheet.pdf')}
        </PdfLink>
        <PdfLink file={{ path: `/api/exams/classes/${classId}/report-cards.pdf`, accept: 'application/pdf', fallbackName: 'report-cards.pdf' }}>
          {t('exams.sheet.reportCards')}
        </PdfLink>
      </Group>

      {manager ? <PublishControl examId={exam.id} published={published} /> : null}

      <Card withBorder padding="md">
        <Stack gap="sm">
          <Title order={2} size="h4">{t('exams.sheet.heading')}</Title>
          {rows.length === 0 ? (
            <Text c="dimmed" data-testid="sheet-empty">{papers.length === 0 ? t('exams.sheet.noPapers') : t('exams.sheet.noChildren')}</Text>
          ) : <ResultTable sheet={sheet.data} classId={classId} published={published} />}
          <Text size="xs" c="dimmed">{t('exams.sheet.legend')}</Text>
        </Stack>
      </Card>

      {manager && published ? <Amendments examId={exam.id} sheet={sheet.data} /> : null}
      {manager ? <ChurchSummary examId={exam.id} /> : null}
    </Stack>
  );
}

/**
 * A PDF of the API as a link (its address readable, copyable) whose click fetches it with the session's
 * credentials, as the tRPC link sends them, and saves it: a plain navigation would carry none.
 */
function PdfLink({ file, children }: { file: ReportFile; children: ReactNode }) {
  const t = useT();
  const [state, setState] = useState<{ busy: boolean; error: string | null }>({ busy: false, error: null });
  const download = (event: MouseEvent) => {
    event.preventDefault();
    setState({ busy: true, error: null });
    downloadFile(file, t('exams.sheet.downloadFailed')).then(
      () => setState({ busy: false, error: null }),
      (error: unknown) => setState({ busy: false, error: error instanceof FileDownloadError ? error.message : t('exams.sheet.downloadFailed') }),
    );
  };
  return (
    <Stack gap={4}>
      <Button component="a" href={file.path} onClick={download} loading={state.busy} variant="default" leftSection={<IconDownload size={16} />}>
        {children}
      </Button>
      {state.error ? <Text size="sm" c="red" role="alert">{localized(t, state.error)}</Text> : null}
    </Stack>
  );
}

/** The sheet itself: wide tables scroll inside their card, the page never sideways. Once published,
 * each child's report card downloads and is shared with a guardian from their row. */
function ResultTable({ sheet, classId, published }: { sheet: Sheet; classId: string; published: boolean }) {
  const t = useT();
  return (
    <Table.ScrollContainer minWidth={420 + sheet.papers.length * 70 + (published ? 50 : 0)} type="native">
      <Table striped withTableBorder verticalSpacing="xs" data-testid="result-sheet">
        <Table.Thead>
          <Table.Tr>
            <Table.Th>{t('exams.sheet.roll')}</Table.Th>
            <Table.Th>{t('exams.sheet.name')}</Table.Th>
            {sheet.papers.map((paper) => (
              <Table.Th key={paper.id} ta="right">{t('exams.sheet.paperHead', { name: paper.name, max: paper.max_marks })}</Table.Th>
            ))}
            <Table.Th ta="right">{t('exams.sheet.total')}</Table.Th>
            <Table.Th ta="right">{t('exams.sheet.percent')}</Table.Th>
            <Table.Th>{t('exams.sheet.division')}</Table.Th>
            {sheet.scheme.grade_bands.length > 0 ? <Table.Th>{t('exams.sheet.grade')}</Table.Th> : null}
            <Table.Th>{t('exams.sheet.result')}</Table.Th>
            <Table.Th ta="right">{t('exams.sheet.rank')}</Table.Th>
            {published ? <Table.Th><VisuallyHidden>{t('exams.share.column')}</VisuallyHidden></Table.Th> : null}
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {sheet.rows.map((row) => (
            <Table.Tr key={row.student_id} data-testid="result-row">
              <Table.Td>{row.roll_number ?? ''}</Table.Td>
              <Table.Td style={{ minWidth: 120 }}>{row.name}</Table.Td>
              {row.marks.map((mark, i) => (
                <Table.Td key={sheet.papers[i].id} ta="right">
                  {mark === 'AB' ? <Badge color="orange" variant="light" size="sm">{t('exams.sheet.ab')}</Badge>
                    : mark === null ? <Text span c="dimmed" title={t('exams.sheet.notEntered')}>–</Text> : formatMarks(mark)}
                </Table.Td>
              ))}
              <Table.Td ta="right">{row.state === 'absent' ? '–' : formatMarks(row.total)}</Table.Td>
              <Table.Td ta="right">{row.percentage === null ? '–' : t('exams.sheet.percentValue', { value: row.percentage.toFixed(1) })}</Table.Td>
              <Table.Td>{row.division ? t(DIVISION_LABEL[row.division]) : '–'}</Table.Td>
              {sheet.scheme.grade_bands.length > 0 ? <Table.Td>{row.grade ?? '–'}</Table.Td> : null}
              <Table.Td><ResultBadge row={row} /></Table.Td>
              <Table.Td ta="right" data-testid="result-rank">{row.rank ?? '–'}</Table.Td>
              {published ? <Table.Td><ReportCardActions classId={classId} studentId={row.student_id} name={row.name} /></Table.Td> : null}
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}

function ResultBadge({ row }: { row: Row }) {
  const t = useT();
  if (row.state === 'pending') return <Badge color="yellow" variant="light" size="sm">{t('exams.sheet.pending')}</Badge>;
  if (row.state === 'absent') return <Badge color="orange" variant="light" size="sm">{t('exams.sheet.absent')}</Badge>;
  return row.division === 'fail'
    ? <Badge color="red" variant="light" size="sm">{t('exams.sheet.failed')}</Badge>
    : <Badge color="green" variant="light" size="sm">{t('exams.sheet.passed')}</Badge>;
}

/** Publish (the marks lock) or unpublish (they can change again), after a confirmation. */
function PublishControl({ examId, published }: { examId: string; published: boolean }) {
  const t = useT();
  const utils = trpc.useUtils();
  const [opened, setOpened] = useState(false);
  const after = {
    onSuccess: async (result: { message: string }) => {
      notify({ color: 'green', message: localized(t, result.message) });
      setOpened(false);
      await utils.exams.invalidate();
    },
  };
  const publish = trpc.exams.publish.useMutation(after);
  const unpublish = trpc.exams.unpublish.useMutation(after);
  const action = published ? unpublish : publish;
  return (
    <Card withBorder padding="md">
      <Group justify="space-between" gap="sm" wrap="wrap">
        <Text size="sm" style={{ flex: '1 1 14rem' }}>{published ? t('exams.publish.publishedNote') : t('exams.publish.draftNote')}</Text>
        <Button color={published ? 'orange' : 'green'} onClick={() => { action.reset(); setOpened(true); }} data-testid="publish-toggle">
          {published ? t('exams.publish.unpublish') : t('exams.publish.publish')}
        </Button>
      </Group>
      <ConfirmDialog
        opened={opened}
        title={published ? t('exams.publish.unpublishTitle') : t('exams.publish.publishTitle')}
        confirmLabel={published ? t('exams.publish.unpublish') : t('exams.publish.publish')}
        onConfirm={() => action.mutate({ exam_id: examId })}
        onClose={() => setOpened(false)}
        pending={action.isPending}
        error={action.isError ? localized(t, serverMessage(action.error, t('exams.saveFailed'))) : null}
      >
        {published ? t('exams.publish.unpublishQuestion') : t('exams.publish.publishQuestion')}
      </ConfirmDialog>
    </Card>
  );
}

/** The corrections made since publishing, of this class's children (newest first). */
function Amendments({ examId, sheet }: { examId: string; sheet: Sheet }) {
  const t = useT();
  const language = useLanguage();
  const list = trpc.exams.amendments.useQuery({ exam_id: examId });
  const names = new Map(sheet.rows.map((r) => [r.student_id, r.name]));
  const paperNames = new Map(sheet.papers.map((p) => [p.id, p.name]));
  const value = (marks: number | null, absent: boolean) => (absent ? t('exams.sheet.ab') : marks === null ? '–' : formatMarks(marks));
  const mine = (list.data ?? []).filter((a) => names.has(a.student_id) && paperNames.has(a.paper_id));
  return (
    <Card withBorder padding="md" data-testid="amendments">
      <Stack gap="sm">
        <Title order={2} size="h4">{t('exams.amendments.title')}</Title>
        {list.isPending ? <TableSkeleton rows={2} label={t('exams.amendments.loading')} /> : null}
        {list.isError ? (
          <ErrorState title={t('exams.amendments.loadFailed')} message={localized(t, serverMessage(list.error, t('exams.unreachable')))}
            onRetry={() => void list.refetch()} retrying={list.isFetching} />
        ) : null}
        {list.isSuccess && mine.length === 0 ? <Text c="dimmed" size="sm">{t('exams.amendments.none')}</Text> : null}
        {mine.map((a) => (
          <Stack key={a.id} gap={2} data-testid="amendment">
            <Text size="sm" fw={600} style={{ overflowWrap: 'anywhere' }}>
              {t('exams.amendments.line', {
                name: names.get(a.student_id) ?? '', paper: paperNames.get(a.paper_id) ?? '',
                from: value(a.old_marks, a.old_absent), to: value(a.new_marks, a.new_absent),
              })}
            </Text>
            <Text size="sm" style={{ overflowWrap: 'anywhere' }}>{a.reason}</Text>
            <Text size="xs" c="dimmed">
              {t('exams.amendments.by', { name: a.amended_by ?? '', when: formatMomentIn(language, new Date(a.amended_at).getTime()) })}
            </Text>
          </Stack>
        ))}
      </Stack>
    </Card>
  );
}

/** The church's figures of the exam, class by class (principals and super admins). */
function ChurchSummary({ examId }: { examId: string }) {
  const t = useT();
  const summary = trpc.exams.summary.useQuery({ exam_id: examId });
  return (
    <Card withBorder padding="md" data-testid="exam-summary">
      <Stack gap="sm">
        <Title order={2} size="h4">{t('exams.summary.title')}</Title>
        {summary.isPending ? <TableSkeleton rows={3} label={t('exams.summary.loading')} /> : null}
        {summary.isError ? (
          <ErrorState title={t('exams.summary.loadFailed')} message={localized(t, serverMessage(summary.error, t('exams.unreachable')))}
            onRetry={() => void summary.refetch()} retrying={summary.isFetching} />
        ) : null}
        {summary.isSuccess && summary.data.classes.length === 0 ? <Text c="dimmed" size="sm">{t('exams.summary.none')}</Text> : null}
        {summary.isSuccess && summary.data.classes.length > 0 ? (
          <Table.ScrollContainer minWidth={560} type="native">
            <Table striped withTableBorder verticalSpacing="xs">
              <Table.Thead>
                <Table.Tr>
                  <Table.Th>{t('exams.summary.class')}</Table.Th>
                  <Table.Th ta="right">{t('exams.summary.children')}</Table.Th>
                  <Table.Th ta="right">{t('exams.summary.entered')}</Table.Th>
                  <Table.Th ta="right">{t('exams.summary.passed')}</Table.Th>
                  <Table.Th ta="right">{t('exams.summary.absent')}</Table.Th>
                  <Table.Th>{t('exams.summary.top')}</Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {summary.data.classes.map((c) => (
                  <Table.Tr key={c.class_id}>
                    <Table.Td>
                      <Anchor component={Link} to={`/exams/${examId}/classes/${c.class_id}/results`} size="sm">{classLabel(c)}</Anchor>
                    </Table.Td>
                    <Table.Td ta="right">{c.children}</Table.Td>
                    <Table.Td ta="right">{t('exams.summary.enteredValue', { entered: c.entered, entries: c.entries })}</Table.Td>
                    <Table.Td ta="right">{t('exams.summary.passedValue', { passed: c.passed, complete: c.complete })}</Table.Td>
                    <Table.Td ta="right">{c.absent}</Table.Td>
                    <Table.Td>{c.top.map((top) => t('exams.summary.topLine', { rank: top.rank, name: top.name })).join(', ')}</Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          </Table.ScrollContainer>
        ) : null}
      </Stack>
    </Card>
  );
}
