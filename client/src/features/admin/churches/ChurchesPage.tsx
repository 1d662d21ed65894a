import { useEffect, useRef, useState } from 'react';
import { Card, Group, Stack, TextInput, Title } from '@mantine/core';
import { keepPreviousData } from '@tanstack/react-query';
import { IconBuildingChurch } from '@tabler/icons-react';
import { DataTable } from '../../../components/DataTable';
import { PagedTable } from '../../../components/PagedTable';
import { trpc } from '../../../lib/trpc';
import { useAddressParams } from '../../../lib/useAddressParams';
import { ChurchAccessLogModal } from './ChurchAccessLogModal';
import { ChurchDetailsModal } from './ChurchDetailsModal';
import { ConsoleSelect } from '../shared/ConsoleSelect';
import { choiceParam, pageParam, pageValue } from '../shared/console-params';
import { CHURCH_COLUMNS, ChurchRow, type AdminChurch } from './ChurchRow';
import { SubscriptionModal } from './SubscriptionModal';
import { CONSOLE_STATUSES, statusOptions } from '../shared/subscription-labels';
import { ADMIN_TEXTS } from '../shared/texts';

/** Churches on a page. */
const PAGE_SIZE = 10;
const SEARCH_DEBOUNCE_MS = 300;
const STATUS_FILTER = [{ value: '', label: 'All Status' }, ...statusOptions];

/**
 * Church Management: search and status filter (kept in the address; any change
 * goes back to page 1), a page of churches, their details and subscription.
 */
export function ChurchesPage() {
  const utils = trpc.useUtils();
  const { params, update } = useAddressParams();
  const search = params.get('search') ?? '';
  const status = choiceParam(CONSOLE_STATUSES, params.get('status'));
  const page = pageParam(params.get('page'));

  const [searchInput, setSearchInput] = useState(search);
  // The typed search goes to the address once typing pauses; only a change of the typed text is
  // written (Back may change the address too). A timer of its own rather than Mantine's
  // useDebouncedValue: sharing that hook with the Students screen would split it out of its chunk.
  const typedSearch = searchInput.trim();
  const lastSearch = useRef(typedSearch);
  useEffect(() => {
    if (typedSearch === lastSearch.current) return undefined;
    const timer = setTimeout(() => {
      lastSearch.current = typedSearch;
      update({ search: typedSearch || null, page: null });
    }, SEARCH_DEBOUNCE_MS);
    return () => clearTimeout(timer);
  }, [typedSearch, update]);

  const input = { search: search || undefined, status, page, limit: PAGE_SIZE };
  const churches = trpc.admin.churches.list.useQuery(input, { placeholderData: keepPreviousData });
  const [details, setDetails] = useState<AdminChurch | null>(null);
  const [managing, setManaging] = useState<AdminChurch | null>(null);
  const [accessLog, setAccessLog] = useState<AdminChurch | null>(null);

  const filtered = Boolean(search || status);
  const data = churches.data;

  return (
    <Stack gap="lg" maw={1200}>
      <Title order={1} size="h2">{ADMIN_TEXTS.churchesTitle}</Title>
      <Card withBorder padding="lg">
        <Stack gap="md">
          <Group gap="sm" align="flex-end" wrap="wrap">
            <TextInput
              label="Search"
              placeholder="Name, code or email"
              value={searchInput}
              onChange={(event) => setSearchInput(event.currentTarget.value)}
              style={{ flex: '1 1 240px' }}
              maxLength={100}
            />
            <ConsoleSelect
              label="Status"
              data={STATUS_FILTER}
              value={status ?? ''}
              onChange={(value) => update({ status: value || null, page: null }, { push: true })}
              style={{ flex: '0 1 180px' }}
            />
          </Group>

          <PagedTable
            query={churches}
            items={data?.items}
            loadingLabel="Loading churches"
            errorTitle={ADMIN_TEXTS.churchesFailed}
            empty={{
              icon: <IconBuildingChurch size={28} stroke={1.5} aria-hidden />,
              title: ADMIN_TEXTS.noChurches,
              hint: filtered ? ADMIN_TEXTS.noChurchesFiltered : ADMIN_TEXTS.noChurchesYet,
              testId: 'churches-empty',
            }}
            pagination={data && {
              ...data.pagination,
              pageSize: PAGE_SIZE,
              onPage: (next) => update({ page: pageValue(next) }, { push: true }),
              testId: 'churches-pagination',
            }}
          >
            {(items) => (
              <DataTable
                items={items}
                testId="churches-table"
                minWidth={700}
                columns={CHURCH_COLUMNS}
                hover
                row={(church) => <ChurchRow key={church.id} church={church} onDetails={setDetails} onManage={setManaging} />}
              />
            )}
          </PagedTable>
        </Stack>
      </Card>

      <ChurchDetailsModal
        church={details}
        onClose={() => setDetails(null)}
        onAccessLog={(church) => { setDetails(null); setAccessLog(church); }}
      />
      <ChurchAccessLogModal church={accessLog} onClose={() => setAccessLog(null)} />
      <SubscriptionModal
        church={managing}
        onClose={() => setManaging(null)}
        onUpdated={(changed) => {
          // The row changes here; other pages, the details and the figures are asked again.
          utils.admin.churches.list.setData(input, (previous) => previous && {
            ...previous,
            items: previous.items.map((item) => (item.id === changed.id ? {
              ...item,
              subscription_tier: changed.subscription_tier,
              subscription_status: changed.subscription_status,
              subscription_end_date: changed.subscription_end_date,
            } : item)),
          });
          void utils.admin.churches.details.invalidate({ id: changed.id });
          void utils.admin.overview.invalidate();
          void utils.admin.auditLogs.invalidate();
        }}
      />
    </Stack>
  );
}
