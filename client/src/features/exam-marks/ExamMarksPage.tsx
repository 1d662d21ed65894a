import { Alert, Box, Button, CloseButton, Group, Skeleton, Stack, Text, TextInput, Title } from '@mantine/core';
import {
  IconAlertTriangle, IconCheck, IconCloudOff, IconCloudUpload, IconDeviceFloppy, IconInfoCircle, IconLock, IconPencil, IconWifiOff,
} from '@tabler/icons-react';
import { useParams } from 'react-router-dom';
import { ErrorState } from '../../components/ErrorState';
import { WRAPPING_BUTTON_STYLES } from '../../components/wrapping-button';
import { classLabel } from '../../lib/class-label';
import { isNetworkFailure, serverMessage } from '../../lib/errors';
import { useT } from '../../lib/i18n';
import { useOffline } from '../offline-marks';
import { MarkEntryRow } from './MarkEntryRow';
import { useMarkList } from './useMarkList';
import './messages';

type Sheet = ReturnType<typeof useMarkList>;

function ListSkeleton() {
  const t = useT();
  return (
    <Stack gap="xs" aria-busy="true" aria-label={t('exammarks.loading')}>
      {Array.from({ length: 5 }, (_, i) => <Skeleton key={i} height={112} radius="md" />)}
    </Stack>
  );
}

/** The bottom of the list, on screen while it scrolls: kept on the phone / saved to the church, what
 * the last save said, the count entered of the list, and Save. */
function SaveBar({ sheet }: { sheet: Sheet }) {
  const t = useT();
  const { feedback } = sheet;
  return (
    <Box
      pos="sticky"
      bottom="var(--demo-ribbon-height, 0px)"
      pt="sm"
      style={{
        zIndex: 3,
        background: 'var(--mantine-color-body)',
        paddingBottom: 'calc(var(--mantine-spacing-sm) + env(safe-area-inset-bottom))',
        borderTop: '1px solid var(--mantine-color-default-border)',
      }}
    >
      <Stack gap="xs">
        {sheet.sync === 'kept' ? (
          <Alert color="yellow" variant="light" icon={<IconCloudUpload size={18} />} role="status" py="xs" data-testid="marks-sync" data-state="kept">
            {t('exammarks.keptOnPhone')}
          </Alert>
        ) : null}
        {sheet.sync === 'synced' ? (
          <Alert color="green" variant="light" icon={<IconCheck size={18} />} role="status" py="xs" data-testid="marks-sync" data-state="synced">
            {t('exammarks.savedToChurch')}
          </Alert>
        ) : null}
        {feedback?.kind === 'success' ? (
          <Alert color="teal" variant="light" icon={<IconCheck size={18} />} role="status" py="xs">{feedback.text}</Alert>
        ) : null}
        {feedback?.kind === 'error' ? (
          <Alert
            color="red"
            variant="light"
            icon={<IconAlertTriangle size={18} />}
            role="alert"
            py="xs"
            withCloseButton
            closeButtonLabel={t('exammarks.dismiss')}
            onClose={sheet.dismissFeedback}
            data-testid="marks-error"
          >
            {feedback.text}
          </Alert>
        ) : null}
        <Group justify="space-between" gap="xs" wrap="wrap">
          <Text size="sm" fw={600} data-testid="marks-entered">{t('exammarks.entered', { entered: sheet.entered, total: sheet.total })}</Text>
          {sheet.hasChanges ? (
            <Group gap={4} wrap="nowrap" c="dimmed">
              <IconPencil size={16} aria-hidden />
              <Text size="sm">{t('exammarks.unsaved')}</Text>
            </Group>
          ) : null}
        </Group>
        <Button
          size="lg"
          fullWidth
          leftSection={<IconDeviceFloppy size={20} />}
          onClick={sheet.save}
          loading={sheet.saving}
          aria-busy={sheet.saving}
          data-testid="save-marks"
          styles={WRAPPING_BUTTON_STYLES}
        >
          {t('exammarks.save')}
        </Button>
      </Stack>
    </Box>
  );
}

/** The mark list once loaded: the papers, a row per child, the correction's reason, Save. */
function MarkListBody({ sheet }: { sheet: Sheet }) {
  const t = useT();
  const data = sheet.list.data!;
  if (data.papers.length === 0) return <Alert color="gray" variant="light" icon={<IconInfoCircle size={18} />}>{t('exammarks.noPapers')}</Alert>;
  if (data.children.length === 0) return <Alert color="gray" variant="light" icon={<IconInfoCircle size={18} />}>{t('exammarks.noChildren')}</Alert>;
  return (
    <>
      <Stack gap={2}>
        {data.papers.map((p) => (
          <Text key={p.id} size="sm" c="dimmed">
            <Text span fw={600} c="var(--mantine-color-text)">{p.name}</Text>
            {' · '}{t('exammarks.outOf', { max: p.max_marks })}
            {p.half_marks_allowed ? <>{' · '}{t('exammarks.halfAllowed')}</> : null}
          </Text>
        ))}
      </Stack>
      <Stack component="ul" gap="xs" m={0} p={0} aria-label={t('exammarks.students')}>
        {data.children.map((child) => (
          <MarkEntryRow
            key={child.student_id}
            studentId={child.student_id}
            name={child.name}
            rollNumber={child.roll_number}
            active={child.active}
            cells={data.papers.map((paper) => {
              const problem = sheet.problemAt(child.student_id, paper.id);
              return { paper, text: sheet.textAt(child.student_id, paper.id), problem: problem ? t(problem.id, problem.values) : null };
            })}
            remark={sheet.remarkAt(child.student_id)}
            readOnly={sheet.locked}
            onCell={sheet.setCell}
            onRemark={sheet.setRemark}
            t={t}
          />
        ))}
      </Stack>
      {sheet.published && sheet.corrects ? (
        <TextInput
          label={t('exammarks.reasonLabel')}
          value={sheet.reason}
          onChange={(event) => sheet.setReason(event.currentTarget.value)}
          error={sheet.reasonError}
          maxLength={500}
          required
          data-testid="amendment-reason"
        />
      ) : null}
      {sheet.locked ? null : <SaveBar sheet={sheet} />}
    </>
  );
}

/**
 * Mark entry of a class in an exam, built for a phone: the exam and class, the children in roll-number
 * order with a box per paper on the numeric keypad, AB for absent, a remark each, the running count and
 * a Save that stays at the bottom. Saves made without a connection are kept on the phone and sent by
 * themselves when it returns (useMarkList).
 */
export function ExamMarksPage() {
  const t = useT();
  const { examId = '', classId = '' } = useParams();
  const sheet = useMarkList(examId, classId);
  const offline = useOffline();
  const { list } = sheet;
  const data = list.data;

  let body;
  if (list.isError && offline && isNetworkFailure(list.error)) {
    body = <Alert color="gray" variant="light" icon={<IconWifiOff size={18} />} role="note" data-testid="not-on-phone">{t('exammarks.notOnPhone')}</Alert>;
  } else if (list.isError) {
    body = (
      <ErrorState
        title={t('exammarks.loadFailed')}
        message={serverMessage(list.error, '')}
        onRetry={() => void list.refetch()}
        retrying={list.isFetching}
      />
    );
  } else if (!data) {
    body = <ListSkeleton />;
  } else {
    body = <MarkListBody sheet={sheet} />;
  }

  return (
    <Stack gap="md" maw={760}>
      <div>
        <Title order={1} size="h2" style={{ overflowWrap: 'anywhere' }}>{data ? data.exam.name : t('exammarks.title')}</Title>
        {data ? (
          <Text c="dimmed" style={{ overflowWrap: 'anywhere' }}>
            {t('exammarks.classAndYear', { className: classLabel(data.class), year: data.exam.academic_year })}
          </Text>
        ) : null}
      </div>
      {offline ? (
        <Alert color="yellow" variant="light" icon={<IconCloudOff size={18} />} role="status" py="xs" data-testid="marks-offline">{t('exammarks.offline')}</Alert>
      ) : null}
      {sheet.refused.length > 0 ? (
        <Alert color="red" variant="light" icon={<IconAlertTriangle size={18} />} title={t('exammarks.refusedTitle')} data-testid="marks-refused">
          <Stack gap="xs">
            {sheet.refused.map(({ save, text }) => (
              <Group key={save.writeId} justify="space-between" wrap="nowrap" gap="xs" role="alert">
                <Text size="sm">{text}</Text>
                <CloseButton size="sm" aria-label={t('exammarks.dismiss')} onClick={() => sheet.dismissRefused(save)} />
              </Group>
            ))}
          </Stack>
        </Alert>
      ) : null}
      {data && sheet.published ? (
        <Alert color={sheet.corrects ? 'orange' : 'gray'} variant="light" icon={<IconLock size={18} />} role="note" data-testid="marks-published">
          {t(sheet.corrects ? 'exammarks.correctionNote' : 'exammarks.lockedNote')}
        </Alert>
      ) : null}
      {body}
    </Stack>
  );
}
