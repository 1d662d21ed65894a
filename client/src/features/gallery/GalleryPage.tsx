import { useEffect, useRef, useState } from 'react';
import { Box, Button, EmptyState, Group, Pagination, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { IconPhoto, IconUpload } from '@tabler/icons-react';
import { keepPreviousData } from '@tanstack/react-query';
import { GALLERY_MESSAGES, GALLERY_PAGE_SIZE } from '../../../../common/media-limits';
import { ConfirmDialog } from '../../components/ConfirmDialog';
import { ErrorState } from '../../components/ErrorState';
import { ScreenBoundary } from '../../components/ScreenBoundary';
import { serverMessage } from '../../lib/errors';
import { localized, useT } from '../../lib/i18n';
import { lazyScreen } from '../../lib/lazy-screen';
import { notify } from '../../lib/notify';
import { trpc, type RouterOutputs } from '../../lib/trpc';
import { useAddressParams } from '../../lib/useAddressParams';
import { useCan } from '../auth';
import { readFilters } from './address-filters';
import { GalleryFilters } from './GalleryFilters';
import { MediaCard, MediaCardSkeleton, type MediaItem } from './MediaCard';
import './messages';

// The viewer and the upload form (with its drop zone and the photo compressor) are chunks of their
// own, fetched when first opened: the grid is what every visit needs.
const GalleryLightbox = lazyScreen(() => import('./GalleryLightbox').then((m) => m.GalleryLightbox));
const UploadModal = lazyScreen(() => import('./UploadModal').then((m) => m.UploadModal));
const TagChildrenModal = lazyScreen(() => import('./TagChildrenModal').then((m) => m.TagChildrenModal));

type MediaPage = RouterOutputs['gallery']['list'];

/** The list is fetched again this long before its signed addresses stop working. */
const REFRESH_MARGIN_MS = 60_000;
const MIN_REFRESH_MS = 10_000;

/** How long a page of the list stays usable: until shortly before its addresses expire. */
const usableFor = (page: MediaPage | undefined) =>
  page ? Math.max(MIN_REFRESH_MS, Date.parse(page.urls_expire_at) - Date.now() - REFRESH_MARGIN_MS) : 0;

const SKELETON_CARDS = 8;
const GRID_COLS = { base: 1, xs: 2, md: 3, lg: 4 };
const LIST_RESET = { listStyle: 'none', padding: 0, margin: 0 } as const;

/**
 * Media Gallery: filters by academic year, month and department kept in
 * the address (Back returns to the previous choice), a grid of 12 a page, and a viewer. Principal
 * and super admin also upload, download and delete; a guest only looks. The items' addresses are
 * signed for a while, so the list is fetched again before they run out.
 */
export function GalleryPage() {
  const t = useT();
  const manager = useCan('manageMedia');
  const utils = trpc.useUtils();
  const { params, update } = useAddressParams();
  const filters = readFilters(params);
  const input = { ...filters, limit: GALLERY_PAGE_SIZE };
  const list = trpc.gallery.list.useQuery(input, {
    placeholderData: keepPreviousData,
    staleTime: (query) => usableFor(query.state.data),
    refetchInterval: (query) => (query.state.data ? usableFor(query.state.data) : false),
    // Back in a tab left open: stale means the addresses are about to expire.
    refetchOnWindowFocus: true,
  });
  const page = list.data;
  const items = page?.items ?? [];
  const gridRef = useRef<HTMLDivElement>(null);

  const [viewing, setViewing] = useState<number | null>(null);
  const [uploadOpened, setUploadOpened] = useState(false);
  const [uploadMounted, setUploadMounted] = useState(false);
  const [preparingUpload, setPreparingUpload] = useState(false);
  const [deleting, setDeleting] = useState<MediaItem | null>(null);
  const [tagging, setTagging] = useState<MediaItem | null>(null);
  const [confirmOpened, setConfirmOpened] = useState(false);

  // A page past the last one (the last item of it deleted elsewhere, an old address): the last page.
  const totalPages = page?.pagination.totalPages ?? 1;
  useEffect(() => {
    if (page && !list.isPlaceholderData && filters.page > totalPages) update({ page: totalPages > 1 ? String(totalPages) : null });
  }, [page, list.isPlaceholderData, filters.page, totalPages, update]);

  const remove = trpc.gallery.delete.useMutation({
    onSuccess: async (result) => {
      notify({ color: 'green', message: localized(t, result.message || GALLERY_MESSAGES.deleted) });
      setConfirmOpened(false);
      // The card goes at once; the page is then fetched again (an item of the next page moves up).
      utils.gallery.list.setData(input, (old) => old && {
        ...old,
        items: old.items.filter((item) => item.id !== result.id),
        pagination: { ...old.pagination, total: Math.max(0, old.pagination.total - 1) },
      });
      await Promise.all([utils.gallery.list.invalidate(), utils.gallery.departments.invalidate()]);
    },
  });

  const changeFilters = (change: Record<string, string | null>) => update({ ...change, page: null }, { push: true });
  const goToPage = (next: number) => {
    update({ page: next > 1 ? String(next) : null }, { push: true });
    gridRef.current?.scrollIntoView({ behavior: 'smooth', block: 'start' });
  };

  const openUpload = () => {
    setPreparingUpload(true);
    // A failed download shows its error where the form would be (ScreenBoundary), with a Retry.
    void UploadModal.preload().catch(() => undefined).finally(() => {
      setPreparingUpload(false);
      setUploadMounted(true);
      setUploadOpened(true);
    });
  };

  // A thumbnail that fails after its addresses expired (a laptop woken from sleep): ask again.
  const onBroken = () => {
    if (page && Date.parse(page.urls_expire_at) - REFRESH_MARGIN_MS <= Date.now()) void list.refetch();
  };

  return (
    <Stack gap="lg" maw={1200}>
      <Group justify="space-between" align="flex-end" gap="sm">
        <Stack gap={4}>
          <Title order={1} size="h2">{t('gallery.title')}</Title>
          <Text c="dimmed">{t('gallery.intro')}</Text>
        </Stack>
        {manager ? (
          <Button
            leftSection={<IconUpload size={18} />}
            onClick={openUpload}
            onPointerEnter={() => void UploadModal.preload().catch(() => undefined)}
            loading={preparingUpload}
          >
            {t('gallery.uploadMedia')}
          </Button>
        ) : null}
      </Group>

      <GalleryFilters filters={filters} onChange={changeFilters} />

      <Box ref={gridRef} style={{ scrollMarginTop: 76 }}>
        {list.isPending ? (
          <SimpleGrid cols={GRID_COLS} spacing="md" component="ul" style={LIST_RESET} role="status" aria-busy="true" aria-label={t('gallery.loading')}>
            {Array.from({ length: SKELETON_CARDS }, (_, i) => <MediaCardSkeleton key={i} />)}
          </SimpleGrid>
        ) : null}
        {list.isError ? (
          <ErrorState
            title={t('gallery.loadFailed')}
            message={localized(t, serverMessage(list.error, t('gallery.unreachable')))}
            onRetry={() => void list.refetch()}
            retrying={list.isFetching}
          />
        ) : null}
        {page && items.length === 0 ? (
          <EmptyState icon={<IconPhoto size={28} />} title={t('gallery.empty')} py="xl" data-testid="gallery-empty" />
        ) : null}
        {items.length > 0 ? (
          <SimpleGrid
            cols={GRID_COLS}
            spacing="md"
            component="ul"
            aria-label={t('gallery.media')}
            aria-busy={list.isPlaceholderData || undefined}
            style={{ ...LIST_RESET, opacity: list.isPlaceholderData ? 0.6 : 1, transition: 'opacity 150ms' }}
            onPointerOver={() => void GalleryLightbox.preload().catch(() => undefined)}
          >
            {items.map((item, index) => (
              <MediaCard
                key={item.id}
                item={item}
                onOpen={() => setViewing(index)}
                onBroken={onBroken}
                onDelete={manager ? () => { remove.reset(); setDeleting(item); setConfirmOpened(true); } : undefined}
                onTag={manager ? () => setTagging(item) : undefined}
              />
            ))}
          </SimpleGrid>
        ) : null}
      </Box>

      {page && totalPages > 1 ? (
        <Group justify="space-between" gap="sm">
          <Text size="sm" c="dimmed">{t('gallery.itemCount', { count: page.pagination.total })}</Text>
          <Pagination total={totalPages} value={page.pagination.currentPage} onChange={goToPage} size="sm" aria-label={t('gallery.pages')} />
        </Group>
      ) : null}

      {viewing !== null && items.length > 0 ? (
        <ScreenBoundary fallback={null}>
          <GalleryLightbox items={items} index={Math.min(viewing, items.length - 1)} canDownload={manager} onClose={() => setViewing(null)} />
        </ScreenBoundary>
      ) : null}

      {manager && uploadMounted ? (
        <ScreenBoundary fallback={null}>
          <UploadModal
            opened={uploadOpened}
            onClose={() => setUploadOpened(false)}
            onUploaded={() => {
              setUploadOpened(false);
              if (filters.page > 1) update({ page: null }, { push: true });
              void Promise.all([utils.gallery.list.invalidate(), utils.gallery.departments.invalidate()]);
            }}
          />
        </ScreenBoundary>
      ) : null}

      {manager && tagging ? (
        <ScreenBoundary fallback={null}>
          <TagChildrenModal key={tagging.id} item={tagging} onClose={() => setTagging(null)} />
        </ScreenBoundary>
      ) : null}

      <ConfirmDialog
        opened={confirmOpened}
        title={t('gallery.deleteTitle')}
        confirmLabel={t('gallery.delete')}
        onConfirm={() => deleting && remove.mutate({ id: deleting.id })}
        onClose={() => setConfirmOpened(false)}
        pending={remove.isPending}
        error={remove.isError ? localized(t, serverMessage(remove.error, GALLERY_MESSAGES.deleteFailed)) : null}
      >
        <Stack gap={4}>
          <Text>{t('gallery.confirmDelete')}</Text>
          {deleting ? <Text fw={600} style={{ overflowWrap: 'anywhere' }}>{deleting.title}</Text> : null}
        </Stack>
      </ConfirmDialog>
    </Stack>
  );
}
