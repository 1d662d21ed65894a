import { useEffect, useRef, useState } from 'react';
import { Badge, Card, Group, Stack, Text, Title } from '@mantine/core';
import { IconNotebook } from '@tabler/icons-react';
import { ConfirmDialog } from '../../components/ConfirmDialog';
import { RowActions } from '../../components/RowActions';
import { PagedTable } from '../../components/PagedTable';
import { serverMessage } from '../../lib/errors';
import { localized, useLanguage, useT } from '../../lib/i18n';
import { notify } from '../../lib/notify';
import { trpc } from '../../lib/trpc';
import { formatDateIn, monthNameIn } from '../../lib/months';
import { SOURCE_LOCALE, type Locale } from '../../../../common/i18n/locales';
import { RecordForm, type SessionRecord } from './RecordForm';
import './messages';

/** A record's date: 'YYYY-MM-DD' in English, the language's own day, month name and year otherwise. */
const recordDate = (locale: Locale, r: SessionRecord) => (locale === SOURCE_LOCALE
  ? r.date.slice(0, 10)
  : formatDateIn(locale, r.date.slice(0, 10), { day: 'numeric', month: 'long', year: 'numeric' }));

/**
 * Session Records (for those who manage records): the form, in create or
 * edit mode, above the saved records, newest session first, each with Edit and Delete (after a
 * confirmation). Records are cards, so the list reads on a phone without scrolling sideways.
 */
export function RecordsPage() {
  const t = useT();
  const language = useLanguage();
  const utils = trpc.useUtils();
  const records = trpc.records.list.useQuery();
  const [editing, setEditing] = useState<SessionRecord | null>(null);
  const [formVersion, setFormVersion] = useState(0);
  const [deleting, setDeleting] = useState<SessionRecord | null>(null);
  const [confirmOpened, setConfirmOpened] = useState(false);
  const formRef = useRef<HTMLDivElement>(null);

  useEffect(() => {
    if (editing) formRef.current?.scrollIntoView({ behavior: 'smooth', block: 'start' });
  }, [editing]);

  const remove = trpc.records.delete.useMutation({
    onSuccess: async (result) => {
      notify({ color: 'green', message: t('records.deleted') });
      if (editing?.id === result.id) setEditing(null);
      setConfirmOpened(false);
      await utils.records.list.invalidate();
    },
  });

  const closeForm = () => {
    setEditing(null);
    setFormVersion((v) => v + 1);
  };

  return (
    <Stack gap="lg" maw={1200}>
      <Stack gap={4}>
        <Title order={1} size="h2">{t('records.title')}</Title>
        <Text c="dimmed">{t('records.intro')}</Text>
      </Stack>

      <div ref={formRef} style={{ scrollMarginTop: 76 }}>
        <RecordForm key={editing ? `edit-${editing.id}` : `new-${formVersion}`} editing={editing} onDone={closeForm} />
      </div>

      <Card withBorder padding="lg">
        <Stack gap="md">
          <Title order={2} size="h4">{t('records.savedRecords')}</Title>
          <PagedTable
            query={records}
            items={records.data}
            loadingLabel={t('records.loading')}
            errorTitle={t('records.loadFailed')}
            errorFallback={t('records.unreachable')}
            empty={{ icon: <IconNotebook size={28} />, title: t('records.empty'), testId: 'records-empty' }}
          >
            {(items) => (
              <Stack gap="sm" component="ul" style={{ listStyle: 'none', padding: 0, margin: 0 }} aria-label={t('records.savedRecordsList')}>
                {items.map((record) => (
                  <Card key={record.id} component="li" withBorder padding="md" data-testid="record-item"
                    bg={editing?.id === record.id ? 'var(--mantine-color-blue-light)' : undefined}>
                    <Group justify="space-between" align="flex-start" wrap="nowrap" gap="sm">
                      <Stack gap={4} miw={0}>
                        <Group gap="xs">
                          <Text fw={600}>{recordDate(language, record)}</Text>
                          <Badge variant="light">{monthNameIn(language, record.month)}</Badge>
                          <Badge variant="outline" color="gray">{record.academic_year}</Badge>
                        </Group>
                        <Text size="sm" style={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}>{record.notes}</Text>
                      </Stack>
                      <RowActions
                        subject={t('records.subject', { date: recordDate(language, record) })}
                        onEdit={() => { remove.reset(); setEditing(record); }}
                        onDelete={() => { remove.reset(); setDeleting(record); setConfirmOpened(true); }}
                      />
                    </Group>
                  </Card>
                ))}
              </Stack>
            )}
          </PagedTable>
        </Stack>
      </Card>

      <ConfirmDialog
        opened={confirmOpened}
        title={t('records.deleteTitle')}
        confirmLabel={t('common.delete')}
        onConfirm={() => deleting && remove.mutate({ id: deleting.id })}
        onClose={() => setConfirmOpened(false)}
        pending={remove.isPending}
        error={remove.isError ? localized(t, serverMessage(remove.error, t('records.deleteFailed'))) : null}
      >
        {deleting ? `${t('records.confirmDelete')} (${recordDate(language, deleting)}) ${t('records.cannotBeUndone')}` : ''}
      </ConfirmDialog>
    </Stack>
  );
}
