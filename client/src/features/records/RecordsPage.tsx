import { useEffect, useRef, useState } from 'react';
import { Badge, Card, Group, Stack, Text, Title } from '@mantine/core';
import { IconNotebook } from '@tabler/icons-react';
import { RECORD_MESSAGES } from '../../../../common/record-messages';
import { ConfirmDialog } from '../../components/ConfirmDialog';
import { RowActions } from '../../components/RowActions';
import { PagedTable } from '../../components/PagedTable';
import { serverMessage } from '../../lib/errors';
import { notify } from '../../lib/notify';
import { trpc } from '../../lib/trpc';
import { CLASS_TEXT } from '../classes';
import { monthName } from '../../lib/months';
import { RecordForm, type SessionRecord } from './RecordForm';

const recordLabel = (r: SessionRecord) => `record of ${r.date.slice(0, 10)}`;

/**
 * Session Records (for those who manage records): the form, in create or
 * edit mode, above the saved records, newest session first, each with Edit and Delete (after a
 * confirmation). Records are cards, so the list reads on a phone without scrolling sideways.
 */
export function RecordsPage() {
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
      notify({ color: 'green', message: RECORD_MESSAGES.deleted });
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
        <Title order={1} size="h2">Session Records</Title>
        <Text c="dimmed">Notes of each Sunday School session, by academic year and month.</Text>
      </Stack>

      <div ref={formRef} style={{ scrollMarginTop: 76 }}>
        <RecordForm key={editing ? `edit-${editing.id}` : `new-${formVersion}`} editing={editing} onDone={closeForm} />
      </div>

      <Card withBorder padding="lg">
        <Stack gap="md">
          <Title order={2} size="h4">Saved Records</Title>
          <PagedTable
            query={records}
            items={records.data}
            loadingLabel="Loading records"
            errorTitle={RECORD_MESSAGES.loadFailed}
            errorFallback={CLASS_TEXT.unreachable}
            empty={{ icon: <IconNotebook size={28} />, title: RECORD_MESSAGES.empty, testId: 'records-empty' }}
          >
            {(items) => (
              <Stack gap="sm" component="ul" style={{ listStyle: 'none', padding: 0, margin: 0 }} aria-label="Saved records">
                {items.map((record) => (
                  <Card key={record.id} component="li" withBorder padding="md" data-testid="record-item"
                    bg={editing?.id === record.id ? 'var(--mantine-color-blue-light)' : undefined}>
                    <Group justify="space-between" align="flex-start" wrap="nowrap" gap="sm">
                      <Stack gap={4} miw={0}>
                        <Group gap="xs">
                          <Text fw={600}>{record.date.slice(0, 10)}</Text>
                          <Badge variant="light">{monthName(record.month)}</Badge>
                          <Badge variant="outline" color="gray">{record.academic_year}</Badge>
                        </Group>
                        <Text size="sm" style={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}>{record.notes}</Text>
                      </Stack>
                      <RowActions
                        subject={recordLabel(record)}
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
        title="Delete record"
        confirmLabel="Delete"
        onConfirm={() => deleting && remove.mutate({ id: deleting.id })}
        onClose={() => setConfirmOpened(false)}
        pending={remove.isPending}
        error={remove.isError ? serverMessage(remove.error, RECORD_MESSAGES.deleteFailed) : null}
      >
        {deleting ? `${RECORD_MESSAGES.confirmDelete} (${deleting.date.slice(0, 10)}) This cannot be undone.` : ''}
      </ConfirmDialog>
    </Stack>
  );
}
