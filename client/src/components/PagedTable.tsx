import type { ReactNode } from 'react';
import { Button, Group, Stack, Text } from '@mantine/core';
import { serverMessage } from '../lib/errors';
import { useT } from '../lib/i18n';
import { ErrorState } from './ErrorState';
import { TableSkeleton } from './TableSkeleton';

/** What the list needs of its query (React Query's result). */
interface ListQuery {
  isPending: boolean;
  isError: boolean;
  error: unknown;
  isFetching: boolean;
  /** An earlier page or filter's answer shown while this one loads (keepPreviousData). */
  isPlaceholderData?: boolean;
  refetch: () => unknown;
}

interface Pagination {
  page: number;
  pages: number;
  total: number;
  pageSize: number;
  /** Goes to another page (1 and up). */
  onPage: (page: number) => void;
  testId: string;
}

interface PagedTableProps<Item> {
  query: ListQuery;
  /** The items of the page; undefined until the first answer. */
  items: readonly Item[] | undefined;
  /** The loading state's accessible name, and its shapes when they are not a table's (a grid of cards). */
  loadingLabel: string;
  skeleton?: ReactNode;
  /** What failed: a title, or a title made of the server's message (`errorFallback` when there is none). */
  errorTitle: string | ((message: string) => string);
  errorFallback?: string;
  /** Shown when there are no items; `hint` says why (a filter hides everything, or nothing exists yet). */
  empty: { icon: ReactNode; title: string; hint?: string; testId?: string };
  /** The items of a non-empty list: a DataTable (components/DataTable.tsx), or another layout (a grid of cards). */
  children: (items: readonly Item[]) => ReactNode;
  /** Pages of a longer list: the footer shows where the page is and moves between pages. */
  pagination?: Pagination;
}

/** Previous and Next, disabled at the ends, with where the page is; nothing when everything fits on one page. */
function PageFooter({ page, pages, total, pageSize, onPage, testId }: Pagination) {
  const t = useT();
  if (pages <= 1) return null;
  // "Showing X to Y of Z results"; the figures as text, as they were written before (no digit grouping).
  const showing = t('common.showing', {
    from: String(Math.min((page - 1) * pageSize + 1, total)), to: String(Math.min(page * pageSize, total)), total: String(total),
  });
  return (
    <Group justify="space-between" gap="sm" data-testid={testId}>
      <Text size="sm" c="dimmed">{showing}</Text>
      <Group gap="xs">
        <Button variant="default" size="xs" disabled={page <= 1} onClick={() => onPage(page - 1)}>{t('common.previous')}</Button>
        <Button variant="default" size="xs" disabled={page >= pages} onClick={() => onPage(page + 1)}>{t('common.next')}</Button>
      </Group>
    </Group>
  );
}

/**
 * A list's states, the same on every list of the church screens and the console: a skeleton while
 * the first answer loads, the error with Retry, the empty state, the items (dimmed while another
 * page or filter loads), and the page footer.
 */
export function PagedTable<Item>(props: PagedTableProps<Item>) {
  const { query, items, empty, errorTitle, pagination } = props;
  const message = query.isError ? serverMessage(query.error, props.errorFallback ?? '') : '';
  const stale = Boolean(query.isPlaceholderData);
  return (
    <>
      {query.isPending && props.skeleton ? (
        <div role="status" aria-busy="true" aria-label={props.loadingLabel}>{props.skeleton}</div>
      ) : null}
      {query.isPending && !props.skeleton ? <TableSkeleton label={props.loadingLabel} /> : null}
      {query.isError ? (
        <ErrorState
          title={typeof errorTitle === 'string' ? errorTitle : errorTitle(message)}
          message={typeof errorTitle === 'string' ? message : undefined}
          onRetry={() => void query.refetch()}
          retrying={query.isFetching}
        />
      ) : null}
      {items && items.length === 0 ? (
        <Stack align="center" gap={4} py="lg" data-testid={empty.testId}>
          {empty.icon}
          <Text fw={600}>{empty.title}</Text>
          {empty.hint ? <Text size="sm" c="dimmed">{empty.hint}</Text> : null}
        </Stack>
      ) : null}
      {items && items.length > 0 ? (
        <div style={stale ? { opacity: 0.6 } : undefined} aria-busy={stale || undefined}>
          {props.children(items)}
        </div>
      ) : null}
      {pagination ? <PageFooter {...pagination} /> : null}
    </>
  );
}
