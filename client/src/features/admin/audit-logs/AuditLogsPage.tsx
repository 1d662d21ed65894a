import { Card, Group, Skeleton, Stack, Text, Title } from '@mantine/core';
import { keepPreviousData } from '@tanstack/react-query';
import { IconListDetails } from '@tabler/icons-react';
import { QueryErrorState } from '../../../components/ErrorState';
import { trpc } from '../../../lib/trpc';
import { useAddressParams } from '../../../lib/useAddressParams';
import { ConsoleSelect } from '../shared/ConsoleSelect';
import { AuditLogTable } from './AuditLogTable';
import { AUDIT_LOG_COUNTS, AUDIT_TEXTS, DEFAULT_COUNT, countParam } from './texts';

/**
 * Audit Logs (02 section 2.18): the newest entries, as many as the chosen count (kept in the
 * address, so Back returns to the previous one).
 */
export function AuditLogsPage() {
  const { params, update } = useAddressParams();
  const limit = countParam(params.get('limit'));
  const logs = trpc.admin.auditLogs.list.useQuery({ limit }, { placeholderData: keepPreviousData });
  const entries = logs.data;

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

          {logs.isPending ? (
            <Stack gap="xs" aria-busy="true" aria-label="Loading the audit logs" role="status">
              {Array.from({ length: 6 }, (_, i) => <Skeleton key={i} height={i === 0 ? 32 : 56} radius="sm" />)}
            </Stack>
          ) : null}
          {logs.isError ? <QueryErrorState query={logs} title={AUDIT_TEXTS.failed} /> : null}
          {entries && entries.length === 0 ? (
            <Stack align="center" gap={4} py="lg" data-testid="audit-empty">
              <IconListDetails size={28} stroke={1.5} aria-hidden />
              <Text fw={600}>{AUDIT_TEXTS.empty}</Text>
              <Text size="sm" c="dimmed">{AUDIT_TEXTS.emptyCaption}</Text>
            </Stack>
          ) : null}
          {entries && entries.length > 0 ? (
            <div style={{ opacity: logs.isPlaceholderData ? 0.6 : 1 }} aria-busy={logs.isPlaceholderData || undefined}>
              <AuditLogTable entries={entries} />
            </div>
          ) : null}
        </Stack>
      </Card>
    </Stack>
  );
}
