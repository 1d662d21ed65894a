import { useState } from 'react';
import { Alert, Button, Card, Group, Select, Skeleton, Stack, Table, Text, Title } from '@mantine/core';
import { IconAlertCircle, IconCertificate, IconDownload } from '@tabler/icons-react';
import { skipToken } from '@tanstack/react-query';
import { certificateTitleId } from '../../../../common/certificates';
import { ErrorState } from '../../components/ErrorState';
import { classLabel, classOptions } from '../../lib/class-label';
import { downloadFile, FileDownloadError } from '../../lib/download-file';
import { reasonOf, serverMessage } from '../../lib/errors';
import { localized, useT } from '../../lib/i18n';
import { notify } from '../../lib/notify';
import { trpc } from '../../lib/trpc';
import './certificate-messages';

/**
 * Certificates of a class of the year, for principals and super admins: pick a class, issue its
 * certificates (merit for ranks 1-3 of the year's final result, completion in the final class; the
 * server decides, and refuses until the year's result is published), see who holds which with its
 * code, and download them as one PDF (a page each).
 */
export function CertificatesCard({ year }: { year: string }) {
  const t = useT();
  const utils = trpc.useUtils();
  const classes = trpc.classes.list.useQuery({ academic_year: year });
  const [chosen, setChosen] = useState<string | null>(null);
  const classId = chosen && classes.data?.some((c) => c.id === chosen) ? chosen : null;
  const list = trpc.exams.certificates.list.useQuery(classId ? { class_id: classId } : skipToken);
  const [download, setDownload] = useState<{ busy: boolean; error: string | null }>({ busy: false, error: null });
  const issue = trpc.exams.certificates.issue.useMutation({
    onSuccess: async (data) => {
      notify({ color: 'green', message: t('certificates.card.issued', { issued: data.issued, kept: data.kept, withdrawn: data.withdrawn }) });
      await utils.exams.certificates.list.invalidate();
    },
  });
  const issueError = (error: unknown) => {
    const reason = reasonOf(error);
    if (reason === 'final_result_not_published') return t('certificates.card.notPublished');
    if (reason === 'no_final_result') return t('certificates.card.noFinalResult');
    return localized(t, serverMessage(error, t('certificates.card.issueError')));
  };
  const savePdf = () => {
    if (!classId) return;
    setDownload({ busy: true, error: null });
    downloadFile({ path: `/api/exams/classes/${classId}/certificates.pdf`, accept: 'application/pdf', fallbackName: 'certificates.pdf' },
      t('certificates.card.issueError')).then(
      () => setDownload({ busy: false, error: null }),
      (error: unknown) => setDownload({ busy: false, error: error instanceof FileDownloadError ? localized(t, error.message) : t('certificates.card.loadError') }),
    );
  };
  const rows = list.data?.certificates ?? [];

  return (
    <Card withBorder padding="lg" component="section" aria-labelledby="certificates-title" data-testid="certificates-card">
      <Stack gap="sm">
        <Title order={2} size="h4" id="certificates-title">{t('certificates.card.title')}</Title>
        <Text size="sm" c="dimmed">{t('certificates.card.intro')}</Text>
        {classes.isPending ? <Skeleton height={36} width={240} /> : null}
        {classes.isError ? (
          <ErrorState title={t('certificates.card.loadError')} onRetry={() => void classes.refetch()} retrying={classes.isFetching} />
        ) : null}
        {classes.isSuccess && classes.data.length === 0 ? <Text size="sm">{t('certificates.card.noClasses')}</Text> : null}
        {classes.isSuccess && classes.data.length > 0 ? (
          <Group align="flex-end" gap="sm" wrap="wrap">
            <Select
              label={t('certificates.card.class')}
              data={classOptions(classes.data)}
              value={classId}
              onChange={(value) => { issue.reset(); setDownload({ busy: false, error: null }); setChosen(value); }}
              w={{ base: '100%', xs: 220 }}
              data-testid="certificates-class"
            />
            {classId ? (
              <Button leftSection={<IconCertificate size={16} />} loading={issue.isPending} onClick={() => issue.mutate({ class_id: classId })}>
                {t('certificates.card.issue')}
              </Button>
            ) : null}
            {classId && rows.length > 0 ? (
              <Button
                component="a" href={`/api/exams/classes/${classId}/certificates.pdf`} variant="default" leftSection={<IconDownload size={16} />}
                loading={download.busy} onClick={(event) => { event.preventDefault(); savePdf(); }}
              >
                {t('certificates.card.download')}
              </Button>
            ) : null}
          </Group>
        ) : null}
        {list.data?.class.final_class ? <Text size="sm">{t('certificates.card.finalClass')}</Text> : null}
        {issue.isError ? (
          <Alert color="red" variant="light" icon={<IconAlertCircle size={18} />} role="alert">{issueError(issue.error)}</Alert>
        ) : null}
        {download.error ? <Text size="sm" c="red" role="alert">{download.error}</Text> : null}
        {classes.isSuccess && classes.data.length > 0 && !classId ? <Text size="sm" c="dimmed">{t('certificates.card.pickClass')}</Text> : null}
        {classId && list.isPending ? <Skeleton height={80} aria-busy="true" /> : null}
        {list.isError ? (
          <ErrorState title={t('certificates.card.loadError')} onRetry={() => void list.refetch()} retrying={list.isFetching} />
        ) : null}
        {list.isSuccess && rows.length === 0 ? <Text size="sm" data-testid="certificates-empty">{t('certificates.card.empty')}</Text> : null}
        {rows.length > 0 ? (
          <Table.ScrollContainer minWidth={420} type="native">
            <Table striped withTableBorder verticalSpacing="xs" data-testid="certificates-list" aria-label={list.data ? classLabel(list.data.class) : undefined}>
              <Table.Thead>
                <Table.Tr>
                  <Table.Th>{t('certificates.card.holder')}</Table.Th>
                  <Table.Th>{t('certificates.card.certificate')}</Table.Th>
                  <Table.Th>{t('certificates.card.code')}</Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {rows.map((row) => (
                  <Table.Tr key={row.id}>
                    <Table.Td style={{ overflowWrap: 'anywhere' }}>{row.holder_name}</Table.Td>
                    <Table.Td>{t(certificateTitleId(row))}</Table.Td>
                    <Table.Td ff="monospace" style={{ whiteSpace: 'nowrap' }}>{row.code}</Table.Td>
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
