import { Skeleton, Stack, Text, Title } from '@mantine/core';
import { keepPreviousData } from '@tanstack/react-query';
import { IconCash } from '@tabler/icons-react';
import { PENDING_PAYMENTS_PAGE_SIZE } from '../../../../../common/schemas/admin-payments';
import { PagedTable } from '../../../components/PagedTable';
import { trpc } from '../../../lib/trpc';
import { useAddressParams } from '../../../lib/useAddressParams';
import { pageParam, pageValue } from '../shared/console-params';
import { useClampedPage } from '../shared/useClampedPage';
import { PendingOrderCard } from './PendingOrderCard';
import { PAYMENTS_TEXTS as T } from './texts';

/**
 * Pending Payments: the orders not yet paid, newest first (the page in the address), each confirmed
 * by the UTR of its UPI transfer. A confirmation asks the list again, and the figures it changes.
 */
export function PendingPaymentsPage() {
  const utils = trpc.useUtils();
  const { params, update } = useAddressParams();
  const page = pageParam(params.get('page'));
  const pending = trpc.admin.payments.pending.useQuery({ page, limit: PENDING_PAYMENTS_PAGE_SIZE }, { placeholderData: keepPreviousData });
  const data = pending.data;
  useClampedPage(page, data?.pagination, update);

  const confirmed = () => {
    void utils.admin.payments.pending.invalidate();
    void utils.admin.churches.invalidate();
    void utils.admin.overview.invalidate();
    void utils.admin.auditLogs.invalidate();
  };

  return (
    <Stack gap="lg" maw={1200}>
      <Stack gap={4}>
        <Title order={1} size="h2">{T.title}</Title>
        <Text c="dimmed" size="sm">{T.intro}</Text>
      </Stack>
      <PagedTable
        query={pending}
        items={data?.items}
        loadingLabel="Loading the pending payments"
        skeleton={(
          <Stack gap="sm">
            {Array.from({ length: 3 }, (_, i) => <Skeleton key={i} height={140} radius="md" />)}
          </Stack>
        )}
        errorTitle={T.listFailed}
        empty={{ icon: <IconCash size={28} stroke={1.5} aria-hidden />, title: T.empty, hint: T.emptyHint, testId: 'payments-empty' }}
        pagination={data && {
          ...data.pagination,
          pageSize: PENDING_PAYMENTS_PAGE_SIZE,
          onPage: (next) => update({ page: pageValue(next) }, { push: true }),
          testId: 'payments-pagination',
        }}
      >
        {(orders) => (
          <Stack gap="sm">
            {orders.map((order) => <PendingOrderCard key={`${order.church_id}/${order.order_id}`} order={order} onConfirmed={confirmed} />)}
          </Stack>
        )}
      </PagedTable>
    </Stack>
  );
}
