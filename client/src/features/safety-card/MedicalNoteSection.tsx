import { useEffect, useState } from 'react';
import { Alert, Button, Card, List, Loader, Stack, Text, Title } from '@mantine/core';
import { IconEye, IconFirstAidKit } from '@tabler/icons-react';
import { formatDateAndTime } from '../../../../common/i18n/time-of-day';
import { QueryErrorState } from '../../components/ErrorState';
import { WRAPPING_BUTTON_STYLES } from '../../components/wrapping-button';
import { useLanguage, useT } from '../../lib/i18n';
import { trpc } from '../../lib/trpc';
import { useCan } from '../auth';
import './messages';

/**
 * The medical note, behind a tap: the text is asked for only when the user taps Show (the server
 * logs every read), and never again by itself (no refetch on focus or remount while it is shown).
 * Those answerable for the children (viewMedicalNoteLog) also see who has read it.
 */
export function MedicalNoteSection({ studentId, hasNote }: { studentId: string; hasNote: boolean }) {
  const t = useT();
  const canSeeLog = useCan('viewMedicalNoteLog');
  const [shown, setShown] = useState(false);
  const utils = trpc.useUtils();
  const note = trpc.guardians.medicalNote.useQuery({ id: studentId }, {
    enabled: shown,
    staleTime: Infinity,
    gcTime: 0,
    refetchOnWindowFocus: false,
    refetchOnReconnect: false,
  });
  // The read was logged: the log shown beside it then lists it.
  const readAt = note.data?.viewed_at;
  useEffect(() => {
    if (readAt && canSeeLog) void utils.guardians.medicalNoteViews.invalidate({ id: studentId });
  }, [readAt, canSeeLog, studentId, utils]);

  return (
    <Card withBorder padding="md" component="section" aria-labelledby="medical-note-heading">
      <Stack gap="sm">
        <Title order={2} size="h4" id="medical-note-heading">{t('safety.medicalNote')}</Title>
        {!hasNote ? <Text c="dimmed">{t('safety.noNote')}</Text> : !shown ? (
          <Stack gap={4}>
            <Button size="md" variant="light" color="red" leftSection={<IconEye size={18} aria-hidden />} onClick={() => setShown(true)}
              styles={WRAPPING_BUTTON_STYLES}>
              {t('safety.showNote')}
            </Button>
            <Text size="xs" c="dimmed">{t('safety.noteLogged')}</Text>
          </Stack>
        ) : note.isPending ? <Loader size="sm" aria-label={t('safety.loading')} /> : note.isError ? (
          <QueryErrorState query={note} title={t('safety.noteLoadFailed')} fallback={t('safety.unreachable')} />
        ) : note.data.medical_note ? (
          <Alert color="red" variant="light" icon={<IconFirstAidKit size={18} />} data-testid="medical-note-text">
            <Text style={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}>{note.data.medical_note}</Text>
          </Alert>
        ) : <Text c="dimmed">{t('safety.noNote')}</Text>}
        {canSeeLog ? <ReadLog studentId={studentId} /> : null}
      </Stack>
    </Card>
  );
}

/** Who read the note and when, newest first. */
function ReadLog({ studentId }: { studentId: string }) {
  const t = useT();
  const language = useLanguage();
  const views = trpc.guardians.medicalNoteViews.useQuery({ id: studentId });
  return (
    <Stack gap={4}>
      <Title order={3} size="h5">{t('safety.whoRead')}</Title>
      {views.isPending ? <Loader size="sm" aria-label={t('safety.loading')} /> : views.isError ? (
        <QueryErrorState query={views} title={t('safety.readsLoadFailed')} fallback={t('safety.unreachable')} />
      ) : views.data.length === 0 ? <Text size="sm" c="dimmed">{t('safety.noReads')}</Text> : (
        <List size="sm" spacing={2} data-testid="medical-note-reads">
          {views.data.map((view) => (
            <List.Item key={`${view.viewer_id}-${view.viewed_at}`}>
              {view.viewer_name} ({t('safety.role', { role: view.viewer_role })}), {formatDateAndTime(language, Date.parse(view.viewed_at))}
            </List.Item>
          ))}
        </List>
      )}
    </Stack>
  );
}
