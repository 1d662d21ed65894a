import { useState } from 'react';
import { Alert, Badge, Button, Group, Skeleton, Stack, Text, Title } from '@mantine/core';
import { IconAlertCircle, IconDownload, IconFileExport, IconPrinter } from '@tabler/icons-react';
import { QueryErrorState } from '../../components/ErrorState';
import { WRAPPING_BUTTON_STYLES } from '../../components/wrapping-button';
import { serverMessage } from '../../lib/errors';
import { formatMomentIn } from '../../lib/format';
import { localized, useLanguage, useT, type MessageId } from '../../lib/i18n';
import { notify } from '../../lib/notify';
import { trpc, type RouterOutputs } from '../../lib/trpc';
import { downloadWithSession } from './download';
import './messages';

type FamilyExport = RouterOutputs['familyExport']['list'][number];

/** How often the list is asked again while an export is being made. */
const PENDING_POLL_MS = 2000;

const STATUS: Record<string, { label: MessageId; color: string }> = {
  pending: { label: 'privacy.documents.pending', color: 'blue' },
  ready: { label: 'privacy.documents.ready', color: 'green' },
  failed: { label: 'privacy.documents.failed', color: 'red' },
  downloaded: { label: 'privacy.documents.downloaded', color: 'gray' },
  expired: { label: 'privacy.documents.expired', color: 'gray' },
};

const shownStatus = (row: FamilyExport) => (row.status === 'ready' && !row.downloadable ? 'expired' : row.status);

/**
 * A child's documents, for those answerable for the children: the printable consent form (a PDF
 * fetched with the session), and the family's export of all of the child's data. An export is made
 * in the background (the list is asked again while one is pending); a ready one is downloaded once,
 * through a one-time address asked for at the moment of the download.
 */
export function DocumentsSection({ studentId }: { studentId: string }) {
  const t = useT();
  const language = useLanguage();
  const [printing, setPrinting] = useState(false);
  const [printError, setPrintError] = useState<string | null>(null);
  // The export whose one-time address the browser was just sent to: asked again until the server
  // says it was downloaded (the download itself is the browser's, not this page's).
  const [followed, setFollowed] = useState<string | null>(null);
  const utils = trpc.useUtils();
  const exports = trpc.familyExport.list.useQuery({ id: studentId }, {
    refetchInterval: (query) => (query.state.data?.some((row) => row.status === 'pending' || (row.id === followed && row.status === 'ready'))
      ? PENDING_POLL_MS : false),
  });
  const start = trpc.familyExport.start.useMutation({
    onSuccess: async () => {
      notify({ color: 'blue', message: t('privacy.documents.exportStarted') });
      await utils.familyExport.list.invalidate({ id: studentId });
    },
  });
  const link = trpc.familyExport.link.useMutation({
    onSuccess: (answer, { id }) => {
      // The address is the credential, good for one download: the browser follows it at once.
      setFollowed(id);
      window.location.assign(answer.path);
    },
  });

  const print = async () => {
    setPrinting(true);
    setPrintError(null);
    try {
      await downloadWithSession(`/api/students/${encodeURIComponent(studentId)}/consent-form?lang=${language}`, 'consent-form.pdf',
        t('privacy.documents.formFailed'));
    } catch (error) {
      setPrintError(localized(t, error instanceof Error ? error.message : t('privacy.documents.formFailed')));
    } finally {
      setPrinting(false);
    }
  };

  const pending = exports.data?.some((row) => row.status === 'pending') ?? false;
  return (
    <Stack gap="sm" component="section" aria-label={t('privacy.documents.title')} data-testid="documents">
      <Title order={2} size="h4">{t('privacy.documents.title')}</Title>
      <Group gap="sm">
        <Button variant="light" leftSection={<IconPrinter size={18} aria-hidden />} loading={printing} onClick={() => void print()}
          styles={WRAPPING_BUTTON_STYLES}>
          {t('privacy.documents.printForm')}
        </Button>
        <Button variant="light" leftSection={<IconFileExport size={18} aria-hidden />} loading={start.isPending} disabled={pending}
          onClick={() => start.mutate({ id: studentId })} styles={WRAPPING_BUTTON_STYLES}>
          {t('privacy.documents.export')}
        </Button>
      </Group>
      <Text size="sm" c="dimmed">{t('privacy.documents.exportHint')}</Text>
      {printError ? <Alert color="red" variant="light" icon={<IconAlertCircle size={18} />} role="alert">{printError}</Alert> : null}
      {start.isError ? (
        <Alert color="red" variant="light" icon={<IconAlertCircle size={18} />} role="alert">
          {localized(t, serverMessage(start.error, t('privacy.documents.exportFailed')))}
        </Alert>
      ) : null}
      {link.isError ? (
        <Alert color="red" variant="light" icon={<IconAlertCircle size={18} />} role="alert">
          {localized(t, serverMessage(link.error, t('privacy.documents.downloadFailed')))}
        </Alert>
      ) : null}
      {exports.isPending ? <Skeleton height={40} aria-label={t('privacy.documents.title')} /> : null}
      {exports.isError ? <QueryErrorState query={exports} title={t('privacy.documents.loadFailed')} /> : null}
      {exports.data?.length === 0 ? <Text size="sm" c="dimmed">{t('privacy.documents.none')}</Text> : null}
      {exports.data && exports.data.length > 0 ? (
        <Stack component="ul" gap="xs" m={0} p={0} style={{ listStyle: 'none' }}>
          {exports.data.map((row) => {
            const status = STATUS[shownStatus(row)];
            return (
              <Group component="li" key={row.id} gap="sm" justify="space-between" wrap="wrap" data-testid="family-export">
                <Stack gap={0}>
                  <Text size="sm">{formatMomentIn(language, Date.parse(row.created_at))}</Text>
                  <Text size="xs" c="dimmed">{t('privacy.documents.requestedBy', { name: row.requested_by.name })}</Text>
                </Stack>
                <Group gap="xs">
                  <Badge color={status.color} variant="light" styles={{ label: { whiteSpace: 'normal' } }}>{t(status.label)}</Badge>
                  {row.downloadable ? (
                    <Button size="xs" leftSection={<IconDownload size={14} aria-hidden />} loading={link.isPending && link.variables.id === row.id}
                      onClick={() => link.mutate({ id: row.id })}>
                      {t('privacy.documents.download')}
                    </Button>
                  ) : null}
                </Group>
              </Group>
            );
          })}
        </Stack>
      ) : null}
    </Stack>
  );
}
