import { useState } from 'react';
import { Card, SimpleGrid, Skeleton, Stack, Title } from '@mantine/core';
import { keepPreviousData } from '@tanstack/react-query';
import { IconPhoto } from '@tabler/icons-react';
import { PagedTable } from '../../../components/PagedTable';
import { trpc } from '../../../lib/trpc';
import { useAddressParams } from '../../../lib/useAddressParams';
import { ChurchFilters } from '../shared/ChurchFilterSelect';
import { choiceParam, pageParam, pageValue } from '../shared/console-params';
import { useClampedPage } from '../shared/useClampedPage';
import { DeleteMediaDialog } from './DeleteMediaDialog';
import { MediaCard, type AdminMedia } from './MediaCard';
import { MediaDetailsModal } from './MediaDetailsModal';
import { MEDIA_TEXTS, MEDIA_TYPES, TYPE_FILTER } from './texts';

/** Media items on a page. */
const PAGE_SIZE = 20;
const GRID_COLS = { base: 1, xs: 2, md: 3, xl: 4 };

/**
 * Media Library: church and type filters (kept in the address; a change goes back
 * to page 1), a grid of cards, an item's details, and deleting one after a confirmation.
 */
export function MediaLibraryPage() {
  const utils = trpc.useUtils();
  const { params, update } = useAddressParams();
  const churchId = params.get('church') ?? '';
  const type = choiceParam(MEDIA_TYPES, params.get('type'));
  const page = pageParam(params.get('page'));

  const input = { church_id: churchId || undefined, type, page, limit: PAGE_SIZE };
  const media = trpc.admin.media.list.useQuery(input, { placeholderData: keepPreviousData });
  const [viewing, setViewing] = useState<AdminMedia | null>(null);
  const [deleting, setDeleting] = useState<AdminMedia | null>(null);

  const filtered = Boolean(churchId || type);
  const data = media.data;
  useClampedPage(page, data?.pagination, update);

  const removed = (item: AdminMedia) => {
    // The card goes at once; the page is then asked again so that it fills up.
    utils.admin.media.list.setData(input, (previous) => previous && {
      items: previous.items.filter((other) => other.id !== item.id),
      pagination: { ...previous.pagination, total: Math.max(0, previous.pagination.total - 1) },
    });
    setDeleting(null);
    setViewing(null);
    void utils.admin.media.list.invalidate();
    void utils.admin.churches.invalidate();
    void utils.admin.auditLogs.invalidate();
  };

  return (
    <Stack gap="lg" maw={1200}>
      <Title order={1} size="h2">{MEDIA_TEXTS.title}</Title>
      <Card withBorder padding="lg">
        <Stack gap="md">
          <ChurchFilters
            churchId={churchId}
            onChurchChange={(value) => update({ church: value || null, page: null }, { push: true })}
            second={{ label: 'Type', data: TYPE_FILTER, value: type ?? '', onChange: (value) => update({ type: value || null, page: null }, { push: true }) }}
          />

          <PagedTable
            query={media}
            items={data?.items}
            loadingLabel="Loading media"
            skeleton={(
              <SimpleGrid cols={GRID_COLS}>
                {Array.from({ length: 8 }, (_, i) => <Skeleton key={i} height={170} radius="md" />)}
              </SimpleGrid>
            )}
            errorTitle={MEDIA_TEXTS.listFailed}
            empty={{
              icon: <IconPhoto size={28} stroke={1.5} aria-hidden />,
              title: MEDIA_TEXTS.noMedia,
              hint: filtered ? MEDIA_TEXTS.noMediaFiltered : MEDIA_TEXTS.noMediaYet,
              testId: 'media-empty',
            }}
            pagination={data && {
              ...data.pagination,
              pageSize: PAGE_SIZE,
              onPage: (next) => update({ page: pageValue(next) }, { push: true }),
              testId: 'media-pagination',
            }}
          >
            {(items) => (
              <SimpleGrid cols={GRID_COLS} data-testid="media-grid">
                {items.map((item) => <MediaCard key={item.id} item={item} onDetails={setViewing} onDelete={setDeleting} />)}
              </SimpleGrid>
            )}
          </PagedTable>
        </Stack>
      </Card>

      <MediaDetailsModal item={viewing} onClose={() => setViewing(null)} onDelete={setDeleting} />
      <DeleteMediaDialog item={deleting} onClose={() => setDeleting(null)} onDeleted={removed} />
    </Stack>
  );
}
