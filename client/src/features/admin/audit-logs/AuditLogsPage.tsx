import { Card, Group, Stack, Title } from '@mantine/core';
import { keepPreviousData } from '@tanstack/react-query';
import { IconListDetails } from '@tabler/icons-react';
import { DataTable } from '../../../components/DataTable';
import { PagedTable } from '../../../components/PagedTable';
import { trpc } from '../../../lib/trpc';
import { useAddressParams } from '../../../lib/useAddressParams';
import { ConsoleSelect } from '../shared/ConsoleSelect';
import { AUDIT_COLUMNS, AuditLogRow } from './AuditLogRow';
import { AUDIT_LOG_COUNTS, AUDIT_TEXTS, DEFAULT_COUNT, countParam } from './texts';

/**
 * Audit Logs: the newest entries, as many as the chosen count (kept in the
 * address, so Back returns to the previous one).
 */
export function AuditLogsPage() {
  const { params, update } = useAddressParams();
  const limit = countParam(params.get('limit'));
  const logs = trpc.admin.auditLogs.list.useQuery({ limit }, { placeholderData: keepPreviousData });

  return (
    <Stack gap="lg" maw={1200}>
      <Title order={1} size="h2">{AUDIT_TEXTS.title}</Title>
      <Card withBorder padding="lg">
        <Stack gap="md">
          <Group gap="sm" align="flex-end">
            <ConsoleSelect
              label={AUDIT_TEXTS.count}
              data={AUDIT_LOG_COUNTS}
              value={String(limit)}
              onChange={(value) => update({ limit: countParam(value) === DEFAULT_COUNT ? null : value }, { push: true })}
              style={{ flex: '0 1 180px' }}
            />
          </Group>

          <PagedTable
            query={logs}
            items={logs.data}
            loadingLabel="Loading the audit logs"
            errorTitle={AUDIT_TEXTS.failed}
            empty={{
              icon: <IconListDetails size={28} stroke={1.5} aria-hidden />,
              title: AUDIT_TEXTS.empty,
              hint: AUDIT_TEXTS.emptyCaption,
              testId: 'audit-empty',
            }}
          >
            {(items) => (
              <DataTable
                items={items}
                testId="audit-table"
                minWidth={760}
                columns={AUDIT_COLUMNS}
                row={(entry) => <AuditLogRow key={entry.id} entry={entry} />}
              />
            )}
          </PagedTable>
        </Stack>
      </Card>
    </Stack>
  );
}
