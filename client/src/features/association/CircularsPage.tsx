import { useState, type FormEvent } from 'react';
import { Alert, Anchor, Button, FileInput, Group, NativeSelect, Paper, Stack, Text, TextInput, Textarea, Title } from '@mantine/core';
import { IconAlertCircle, IconFileTypePdf } from '@tabler/icons-react';
import { useMutation } from '@tanstack/react-query';
import { Link } from 'react-router-dom';
import type { z } from 'zod';
import {
  ASSOCIATION_INPUT_MESSAGES, CIRCULAR_PDF_MAX_MB, publishCircularInput,
} from '../../../../common/schemas/association-members';
import { DownloadButton } from '../../components/DownloadButton';
import { QueryErrorState } from '../../components/ErrorState';
import { TableSkeleton } from '../../components/TableSkeleton';
import { ASSOCIATION_PATH } from '../../lib/association-path';
import { serverMessage } from '../../lib/errors';
import { fieldErrors } from '../../lib/field-errors';
import { localized, useT } from '../../lib/i18n';
import { notify } from '../../lib/notify';
import { trpc } from '../../lib/trpc';
import { useOfficerCan } from './useAssociationSession';
import { useMoment, type Circular, type Section } from './shared';
import { CircularUploadError, publishCircularWithPdf } from './publish-circular';
import './messages';

type Field = 'title' | 'body' | 'pdf';
const ALL_MEMBERS = '';

function PublishForm({ sections }: { sections: readonly Section[] }) {
  const t = useT();
  const utils = trpc.useUtils();
  const [title, setTitle] = useState('');
  const [body, setBody] = useState('');
  const [sectionId, setSectionId] = useState(ALL_MEMBERS);
  const [pdf, setPdf] = useState<File | null>(null);
  const [errors, setErrors] = useState<Partial<Record<Field, string>>>({});
  // With a PDF the circular goes as a multipart form (its own route); without one, through the procedure.
  const publish = useMutation({
    mutationFn: ({ input, file }: { input: z.output<typeof publishCircularInput>; file: File | null }) =>
      (file ? publishCircularWithPdf(input, file) : utils.client.association.publishCircular.mutate(input)),
    onSuccess: async () => {
      setTitle('');
      setBody('');
      setPdf(null);
      notify({ color: 'green', message: t('association.circulars.published') });
      await utils.association.circulars.invalidate();
    },
  });
  const failed = t('association.circulars.publishFailed');
  const failure = publish.error instanceof CircularUploadError ? publish.error.message || failed : serverMessage(publish.error, failed);
  const submit = (event: FormEvent) => {
    event.preventDefault();
    const parsed = publishCircularInput.safeParse({ title, body, section_id: sectionId || null });
    const tooLarge = pdf !== null && pdf.size > CIRCULAR_PDF_MAX_MB * 1024 * 1024;
    if (!parsed.success || tooLarge) {
      setErrors({ ...(parsed.success ? {} : fieldErrors<Field>(parsed.error)), pdf: tooLarge ? ASSOCIATION_INPUT_MESSAGES.pdfTooLarge : undefined });
      return;
    }
    setErrors({});
    publish.mutate({ input: parsed.data, file: pdf });
  };
  const edited = (field: Field) => {
    setErrors((current) => ({ ...current, [field]: undefined }));
    publish.reset();
  };
  return (
    <Paper withBorder p="md" radius="md" component="section" aria-labelledby="publish-title">
      <form onSubmit={submit} noValidate data-testid="publish-form">
        <Stack gap="sm">
          <Title order={2} size="h4" id="publish-title">{t('association.circulars.publishTitle')}</Title>
          <TextInput
            label={t('association.circulars.heading')}
            withAsterisk
            maxLength={200}
            value={title}
            onChange={(event) => {
              setTitle(event.currentTarget.value);
              edited('title');
            }}
            error={localized(t, errors.title)}
            data-testid="circular-title"
          />
          <Textarea
            label={t('association.circulars.body')}
            withAsterisk
            autosize
            minRows={4}
            maxRows={14}
            value={body}
            onChange={(event) => {
              setBody(event.currentTarget.value);
              edited('body');
            }}
            error={localized(t, errors.body)}
            data-testid="circular-body"
          />
          <NativeSelect
            label={t('association.circulars.audience')}
            value={sectionId}
            onChange={(event) => setSectionId(event.currentTarget.value)}
            data={[
              { value: ALL_MEMBERS, label: t('association.circulars.allMembers') },
              ...sections.map((s) => ({ value: s.id, label: t('association.circulars.toSection', { name: s.name }) })),
            ]}
            maw={360}
            data-testid="circular-audience"
          />
          <FileInput
            label={t('association.circulars.pdf')}
            description={t('association.circulars.pdfHint', { max: CIRCULAR_PDF_MAX_MB })}
            placeholder={t('association.circulars.pdfPlaceholder')}
            accept="application/pdf,.pdf"
            clearable
            leftSection={<IconFileTypePdf size={18} aria-hidden />}
            value={pdf}
            onChange={(file) => {
              setPdf(file);
              edited('pdf');
            }}
            error={localized(t, errors.pdf)}
            maw={360}
            data-testid="circular-pdf-input"
          />
          {publish.isError ? (
            <Alert color="red" variant="light" icon={<IconAlertCircle size={18} />} role="alert">
              {localized(t, failure)}
            </Alert>
          ) : null}
          <Group>
            <Button type="submit" loading={publish.isPending}>{t('association.circulars.publish')}</Button>
          </Group>
        </Stack>
      </form>
    </Paper>
  );
}

/** One circular of the list: its title, audience, who published it and when, and how many churches read
 * it, with the way to its readers; on the circular's own page (`onItsPage`) without the title and the way. */
export function CircularSummary({ circular, sections, onItsPage = false }: { circular: Circular; sections: readonly Section[]; onItsPage?: boolean }) {
  const t = useT();
  const moment = useMoment();
  const section = sections.find((s) => s.id === circular.section_id);
  const audience = circular.section_id === null ? t('association.circulars.allMembers') : t('association.circulars.toSection', { name: section?.name ?? '' });
  return (
    <Paper withBorder p="sm" radius="md" data-testid="circular">
      <Stack gap={4}>
        {onItsPage ? null : <Text fw={600} style={{ overflowWrap: 'anywhere' }}>{circular.title}</Text>}
        <Text size="sm" c="dimmed">{audience} · {t('association.circulars.publishedBy', { name: circular.published_by_name, date: moment(circular.published_at) })}</Text>
        <Group justify="space-between" gap="xs" wrap="wrap">
          <Text size="sm" data-testid="circular-read-count">{t('association.circulars.readBy', { read: circular.churches_read, sent: circular.churches_sent })}</Text>
          {onItsPage ? null : (
            <Anchor component={Link} to={`${ASSOCIATION_PATH}/circulars/${circular.id}`} size="sm">{t('association.circulars.open')}</Anchor>
          )}
        </Group>
        {circular.pdf_name ? (
          <Group gap="xs" wrap="wrap">
            <DownloadButton
              file={{ path: `/api/association/circulars/${circular.id}/pdf`, accept: 'application/pdf', fallbackName: circular.pdf_name }}
              label={t('association.circulars.pdfDownload')}
              failed={t('association.circulars.pdfDownloadFailed')}
              testId="circular-pdf"
            />
            <Text size="xs" c="dimmed" style={{ overflowWrap: 'anywhere', minWidth: 0 }}>{circular.pdf_name}</Text>
          </Group>
        ) : null}
      </Stack>
    </Paper>
  );
}

/** Circulars: the admin publishes one to all member churches or a section; everyone who may see the
 * members sees the list with its read counts. */
export function CircularsPage() {
  const t = useT();
  const mayPublish = useOfficerCan('publishCirculars');
  const circulars = trpc.association.circulars.useQuery();
  const sections = trpc.association.sections.useQuery();
  const sectionList = sections.data ?? [];
  return (
    <Stack gap="md">
      <Title order={1}>{t('association.circulars.title')}</Title>
      {mayPublish ? <PublishForm sections={sectionList} /> : null}
      {circulars.isPending ? <TableSkeleton rows={3} label={t('association.circulars.loading')} /> : null}
      {circulars.isError ? <QueryErrorState query={circulars} title={t('association.circulars.loadFailed')} /> : null}
      {circulars.data && circulars.data.length === 0 ? <Text c="dimmed" data-testid="circulars-empty">{t('association.circulars.empty')}</Text> : null}
      {circulars.data && circulars.data.length > 0 ? (
        <Stack gap="sm" data-testid="circular-list">
          {circulars.data.map((circular) => <CircularSummary key={circular.id} circular={circular} sections={sectionList} />)}
        </Stack>
      ) : null}
    </Stack>
  );
}
