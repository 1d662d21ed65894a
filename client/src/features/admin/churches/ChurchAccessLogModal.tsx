import { useState } from 'react';
import { Button, Group, Modal, Stack, Table, Text } from '@mantine/core';
import { keepPreviousData } from '@tanstack/react-query';
import { IconShieldLock } from '@tabler/icons-react';
import type { AccessLogKind } from '../../../../../common/schemas/privacy';
import { DataTable } from '../../../components/DataTable';
import { PagedTable } from '../../../components/PagedTable';
import { trpc } from '../../../lib/trpc';
import { localTimestamp } from '../shared/church-dates';
import { roleLabel } from '../shared/church-roles';
import { ConsoleSelect } from '../shared/ConsoleSelect';
import type { AdminChurch } from './ChurchRow';
import { ACCESS_LOG_KIND_LABELS, ACCESS_LOG_KINDS, ACCESS_LOG_TEXTS, accessLogKind, accessLogKindLabel } from './texts';

/** Entries on a page: the server's default page of the log. */
const PAGE_SIZE = 25;
const KIND_FILTER = [
  { value: '', label: ACCESS_LOG_TEXTS.allKinds },
  ...ACCESS_LOG_KINDS.map((value) => ({ value, label: ACCESS_LOG_KIND_LABELS[value] })),
];
const COLUMNS = [ACCESS_LOG_TEXTS.when, ACCESS_LOG_TEXTS.kind, ACCESS_LOG_TEXTS.child, ACCESS_LOG_TEXTS.reader];

/**
 * One church's log, a page at a time. Mounted per church (keyed by its id), so an earlier church's
 * page is never shown as this one's placeholder. Each answer is a read the server audits, so the log
 * is asked for only while this is open.
 */
function AccessLog({ church }: { church: AdminChurch }) {
  const [kind, setKind] = useState<AccessLogKind | undefined>(undefined);
  const [page, setPage] = useState(1);
  const log = trpc.admin.churches.accessLog.useQuery(
    { id: church.id, kind, page, limit: PAGE_SIZE },
    { placeholderData: keepPreviousData },
  );
  const data = log.data;

  return (
    <Stack gap="md" data-testid="church-access-log">
      <Text size="sm" c="dimmed">{ACCESS_LOG_TEXTS.intro}</Text>
      <ConsoleSelect
        label={ACCESS_LOG_TEXTS.kind}
        data={KIND_FILTER}
        value={kind ?? ''}
        onChange={(value) => { setKind(accessLogKind(value)); setPage(1); }}
        style={{ maxWidth: 240 }}
      />
      <PagedTable
        query={log}
        items={data?.items}
        loadingLabel={ACCESS_LOG_TEXTS.loading}
        errorTitle={ACCESS_LOG_TEXTS.failed}
        empty={{
          icon: <IconShieldLock size={28} stroke={1.5} aria-hidden />,
          title: kind ? ACCESS_LOG_TEXTS.emptyFiltered : ACCESS_LOG_TEXTS.empty,
          testId: 'church-access-log-empty',
        }}
        pagination={data && { ...data.pagination, pageSize: PAGE_SIZE, onPage: setPage, testId: 'church-access-log-pages' }}
      >
        {(items) => (
          <DataTable
            items={items}
            testId="church-access-log-table"
            minWidth={600}
            columns={COLUMNS}
            row={(entry) => (
              <Table.Tr key={entry.id} data-testid="access-log-row">
                <Table.Td><Text size="sm">{localTimestamp(entry.read_at)}</Text></Table.Td>
                <Table.Td><Text size="sm">{accessLogKindLabel(entry.kind)}</Text></Table.Td>
                <Table.Td>
                  {entry.student_id === null
                    ? <Text size="sm" c="dimmed">{ACCESS_LOG_TEXTS.erasedChild}</Text>
                    : <Text size="sm">{entry.student_name}</Text>}
                </Table.Td>
                <Table.Td>
                  <Text size="sm">{entry.reader_name}</Text>
                  <Text size="xs" c="dimmed">{roleLabel(entry.reader_role)}</Text>
                </Table.Td>
              </Table.Tr>
            )}
          />
        )}
      </PagedTable>
    </Stack>
  );
}

/** 'Access Log - {church}': who read which child's sensitive data in the church, and when. */
export function ChurchAccessLogModal({ church, onClose }: { church: AdminChurch | null; onClose: () => void }) {
  return (
    <Modal
      opened={church !== null}
      onClose={onClose}
      title={church ? ACCESS_LOG_TEXTS.title(church.name) : ACCESS_LOG_TEXTS.open}
      size="xl"
      centered
    >
      {church ? (
        <Stack gap="md">
          <AccessLog key={church.id} church={church} />
          <Group justify="flex-end">
            <Button variant="default" onClick={onClose}>{ACCESS_LOG_TEXTS.close}</Button>
          </Group>
        </Stack>
      ) : null}
    </Modal>
  );
}
