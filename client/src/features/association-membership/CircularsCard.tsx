import { useState } from 'react';
import { Alert, Badge, Button, Card, Group, Modal, Paper, Skeleton, Stack, Text, Title, UnstyledButton } from '@mantine/core';
import { IconAlertCircle } from '@tabler/icons-react';
import { DownloadButton } from '../../components/DownloadButton';
import { QueryErrorState } from '../../components/ErrorState';
import { serverMessage } from '../../lib/errors';
import { localized, useLanguage, useT } from '../../lib/i18n';
import { useCirculars, type Circular } from './api';
import { dayOf } from './dates';
import './messages';

/** The read mark of a circular: the signed-in user's (Read or Unread), and who of the church read it. */
function ReadMark({ circular }: { circular: Circular }) {
  const t = useT();
  return (
    <Stack gap={2}>
      <Group gap="xs">
        {circular.read_by_me
          ? <Badge color="green" variant="light" data-testid="circular-read">{t('membership.circulars.read')}</Badge>
          : <Badge color="orange" variant="filled" data-testid="circular-unread">{t('membership.circulars.unread')}</Badge>}
      </Group>
      {circular.readers.length > 0 ? (
        <Text size="xs" c="dimmed" data-testid="circular-readers" style={{ overflowWrap: 'anywhere' }}>
          {t('membership.circulars.readBy', { names: circular.readers.map((reader) => reader.name).join(', ') })}
        </Text>
      ) : null}
    </Stack>
  );
}

/** The circular's PDF, when it has one: downloading it leaves the read mark as it is. */
function PdfDownload({ circular }: { circular: Circular }) {
  const t = useT();
  if (!circular.pdf_name) return null;
  return (
    <Group gap="xs">
      <DownloadButton
        file={{ path: `/api/church-association/circulars/${circular.id}/pdf`, accept: 'application/pdf', fallbackName: circular.pdf_name }}
        label={t('membership.circulars.pdfDownload')}
        failed={t('membership.circulars.pdfDownloadFailed')}
        testId="circular-pdf"
      />
    </Group>
  );
}

/**
 * The dashboard's circulars (principals and super admins): those the church's association sent it,
 * newest first, each with the signed-in user's read mark. Opening one shows its text and marks it
 * read; the mark and the church's readers then show on the list.
 */
export function CircularsCard() {
  const t = useT();
  const language = useLanguage();
  const { circulars, markRead } = useCirculars();
  const [openedId, setOpenedId] = useState<string | null>(null);
  const list = circulars.data;
  const opened = list?.find((circular) => circular.id === openedId) ?? null;
  const unread = list?.filter((circular) => !circular.read_by_me).length ?? 0;

  const open = (circular: Circular) => {
    markRead.reset();
    setOpenedId(circular.id);
    if (!circular.read_by_me) markRead.mutate({ id: circular.id });
  };

  return (
    <Card withBorder padding="lg" data-testid="circulars-card">
      <Stack gap="md">
        <Group gap="xs" justify="space-between" wrap="wrap">
          <Title order={2} size="h4">{t('membership.circulars.title')}</Title>
          {unread > 0 ? <Badge color="orange" data-testid="circulars-unread-count">{t('membership.circulars.unreadCount', { count: unread })}</Badge> : null}
        </Group>
        {circulars.isPending ? <Skeleton height={40} aria-busy="true" /> : null}
        {circulars.isError ? <QueryErrorState query={circulars} title={t('membership.circulars.loadFailed')} /> : null}
        {list && list.length === 0 ? <Text size="sm" c="dimmed" data-testid="circulars-empty">{t('membership.circulars.empty')}</Text> : null}
        {list && list.length > 0 ? (
          <Stack gap="xs" data-testid="circulars-list">
            {list.map((circular) => (
              <Paper key={circular.id} withBorder p="sm" data-testid="circular">
                <Group justify="space-between" align="flex-start" wrap="wrap" gap="xs">
                  <Stack gap={2} style={{ flex: '1 1 12rem', minWidth: 0 }}>
                    <UnstyledButton onClick={() => open(circular)} aria-haspopup="dialog">
                      <Text fw={circular.read_by_me ? 500 : 700} c="blue" style={{ overflowWrap: 'anywhere' }}>{circular.title}</Text>
                    </UnstyledButton>
                    <Text size="xs" c="dimmed" style={{ overflowWrap: 'anywhere' }}>
                      {t('membership.circulars.sent', { association: circular.association_name, date: dayOf(language, circular.published_at) })}
                    </Text>
                    <PdfDownload circular={circular} />
                  </Stack>
                  <ReadMark circular={circular} />
                </Group>
              </Paper>
            ))}
          </Stack>
        ) : null}
      </Stack>
      <Modal opened={opened !== null} onClose={() => setOpenedId(null)} title={opened?.title} size="lg">
        {opened ? (
          <Stack gap="md" data-testid="circular-opened">
            <Text size="sm" c="dimmed">
              {t('membership.circular.sentBy', { name: opened.published_by_name, association: opened.association_name, date: dayOf(language, opened.published_at) })}
            </Text>
            <Text style={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }} data-testid="circular-body">{opened.body}</Text>
            <PdfDownload circular={opened} />
            {markRead.isError ? (
              <Alert color="red" variant="light" icon={<IconAlertCircle size={18} />} role="alert">
                {localized(t, serverMessage(markRead.error, t('membership.circular.markFailed')))}
              </Alert>
            ) : null}
            <ReadMark circular={opened} />
            <Group justify="flex-end">
              <Button variant="default" onClick={() => setOpenedId(null)}>{t('membership.circular.close')}</Button>
            </Group>
          </Stack>
        ) : null}
      </Modal>
    </Card>
  );
}
