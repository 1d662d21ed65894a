import { Card, Group, Select, Stack, Table, Text, Title } from '@mantine/core';
import { keepPreviousData } from '@tanstack/react-query';
import { IconShieldLock } from '@tabler/icons-react';
import type { ChurchRole } from '../../../../common/constants';
import { ACCESS_LOG_KINDS, ACCESS_LOG_PAGE_SIZE, type AccessLogKind } from '../../../../common/schemas/privacy';
import { DataTable } from '../../components/DataTable';
import { PagedTable } from '../../components/PagedTable';
import { formatMomentIn } from '../../lib/format';
import { useLanguage, useT, type MessageId } from '../../lib/i18n';
import { trpc } from '../../lib/trpc';
import { useAddressParams } from '../../lib/useAddressParams';
import './messages';

const KIND_LABELS: Record<AccessLogKind, MessageId> = {
  medical_note: 'privacy.accessLog.kindMedicalNote',
  export: 'privacy.accessLog.kindExport',
  consent_records: 'privacy.accessLog.kindConsentRecords',
  safety_card: 'privacy.accessLog.kindSafetyCard',
  guardians: 'privacy.accessLog.kindGuardians',
  pickups: 'privacy.accessLog.kindPickups',
  consent_form: 'privacy.accessLog.kindConsentForm',
  follow_up: 'privacy.accessLog.kindFollowUp',
  report_card: 'privacy.accessLog.kindReportCard',
};

const ROLE_LABELS: Record<ChurchRole, MessageId> = {
  super_admin: 'dashboard.role.superAdmin', principal: 'dashboard.role.principal', teacher: 'dashboard.role.teacher', guest: 'dashboard.role.guest',
};

const isKind = (value: string | null): value is AccessLogKind => ACCESS_LOG_KINDS.includes(value as AccessLogKind);

/**
 * The church's access log (super admin only): every read of a child's medical note, family export,
 * consent records, safety card, guardians, pickups or consent form, and each child of a follow-up list
 * read, newest first, filtered by kind and child, a page at a time. The filters and the
 * page are kept in the address, so Back returns to the previous view. An erased child's reads stay,
 * shown as "Erased child".
 */
export function AccessLogPage() {
  const t = useT();
  const language = useLanguage();
  const { params, update } = useAddressParams();
  const kindParam = params.get('kind');
  const kind = isKind(kindParam) ? kindParam : undefined;
  const studentId = params.get('student') ?? undefined;
  const page = Math.max(1, Number(params.get('page')) || 1);
  const log = trpc.privacy.accessLog.useQuery({ kind, student_id: studentId, page, limit: ACCESS_LOG_PAGE_SIZE }, { placeholderData: keepPreviousData });
  const children = trpc.students.list.useQuery({ sort: 'name' });
  const filtered = Boolean(kind || studentId);

  return (
    <Stack gap="lg" maw={1100}>
      <Stack gap={4}>
        <Title order={1} size="h2">{t('privacy.accessLog.title')}</Title>
        <Text c="dimmed">{t('privacy.accessLog.intro')}</Text>
      </Stack>
      <Card withBorder padding="lg">
        <Stack gap="md">
          <Group gap="sm" align="flex-end" wrap="wrap">
            <Select
              label={t('privacy.accessLog.kind')}
              data={[{ value: '', label: t('privacy.accessLog.allKinds') }, ...ACCESS_LOG_KINDS.map((k) => ({ value: k, label: t(KIND_LABELS[k]) }))]}
              value={kind ?? ''}
              allowDeselect={false}
              onChange={(value) => update({ kind: value || null, page: null }, { push: true })}
              style={{ flex: '1 1 200px', maxWidth: 260 }}
            />
            <Select
              label={t('privacy.accessLog.child')}
              searchable
              data={[{ value: '', label: t('privacy.accessLog.allChildren') }, ...(children.data ?? []).map((s) => ({ value: s.id, label: s.name }))]}
              value={studentId ?? ''}
              allowDeselect={false}
              onChange={(value) => update({ student: value || null, page: null }, { push: true })}
              style={{ flex: '1 1 240px', maxWidth: 340 }}
            />
          </Group>
          <PagedTable
            query={log}
            items={log.data?.items}
            loadingLabel={t('privacy.accessLog.loading')}
            errorTitle={t('privacy.accessLog.loadFailed')}
            empty={{
              icon: <IconShieldLock size={28} stroke={1.5} aria-hidden />,
              title: t(filtered ? 'privacy.accessLog.emptyFiltered' : 'privacy.accessLog.empty'),
              testId: 'access-log-empty',
            }}
            pagination={log.data ? {
              page: log.data.pagination.page, pages: log.data.pagination.pages, total: log.data.pagination.total,
              pageSize: ACCESS_LOG_PAGE_SIZE, onPage: (next) => update({ page: next > 1 ? String(next) : null }, { push: true }),
              testId: 'access-log-pages',
            } : undefined}
          >
            {(items) => (
              <DataTable
                items={items}
                testId="access-log-table"
                minWidth={640}
                columns={[t('privacy.accessLog.when'), t('privacy.accessLog.kind'), t('privacy.accessLog.child'), t('privacy.accessLog.reader')]}
                row={(entry) => (
                  <Table.Tr key={entry.id}>
                    <Table.Td>{formatMomentIn(language, Date.parse(entry.read_at))}</Table.Td>
                    <Table.Td>{isKind(entry.kind) ? t(KIND_LABELS[entry.kind]) : entry.kind}</Table.Td>
                    <Table.Td>{entry.student_id === null ? <Text span c="dimmed" size="sm">{t('privacy.accessLog.erasedChild')}</Text> : entry.student_name}</Table.Td>
                    <Table.Td>
                      {entry.reader_name}
                      {entry.reader_role in ROLE_LABELS ? <Text span c="dimmed" size="sm"> · {t(ROLE_LABELS[entry.reader_role as ChurchRole])}</Text> : null}
                    </Table.Td>
                  </Table.Tr>
                )}
              />
            )}
          </PagedTable>
        </Stack>
      </Card>
    </Stack>
  );
}
