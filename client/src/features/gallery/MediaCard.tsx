import { useState, type ReactNode } from 'react';
import { ActionIcon, Badge, Card, Group, Skeleton, Stack, Text, Tooltip, UnstyledButton } from '@mantine/core';
import { IconAlertTriangle, IconDownload, IconFileTypePdf, IconMovie, IconPhotoOff, IconTags, IconTrash } from '@tabler/icons-react';
import { departmentLabel } from '../../../../common/media-limits';
import type { RouterOutputs } from '../../lib/trpc';
import { useLanguage, useT } from '../../lib/i18n';
import { monthNameIn } from '../../lib/months';
import './messages';

export type MediaItem = RouterOutputs['gallery']['list']['items'][number];

/** The box of every card's picture: the same shape loaded, loading or broken, so nothing moves. */
const FRAME = { aspectRatio: '4 / 3', width: '100%', background: 'var(--mantine-color-gray-1)' } as const;
/** The server's thumbnails are at most 400 px on their long side (its THUMBNAIL_PX). */
const THUMB_WIDTH = 400;
const THUMB_HEIGHT = 300;

function Placeholder({ icon, label }: { icon: ReactNode; label: string }) {
  return (
    <Stack align="center" justify="center" gap={6} c="dimmed" style={FRAME}>
      {icon}
      <Text size="sm" c="dimmed">{label}</Text>
    </Stack>
  );
}

/** A photo's thumbnail, or an icon for a video or a PDF; a photo that fails to load shows a placeholder. */
function Preview({ item, onBroken }: { item: MediaItem; onBroken: () => void }) {
  const t = useT();
  const [broken, setBroken] = useState<string | null>(null);
  if (item.kind === 'video') return <Placeholder icon={<IconMovie size={40} stroke={1.4} />} label={t('gallery.video')} />;
  if (item.kind === 'pdf') return <Placeholder icon={<IconFileTypePdf size={40} stroke={1.4} />} label={t('gallery.pdf')} />;
  // A new address (the list was fetched again) gets a new try.
  if (!item.thumbnail_url || broken === item.thumbnail_url) return <Placeholder icon={<IconPhotoOff size={40} stroke={1.4} />} label={t('gallery.imageUnavailable')} />;
  return (
    <img
      src={item.thumbnail_url}
      alt={item.title}
      loading="lazy"
      decoding="async"
      width={THUMB_WIDTH}
      height={THUMB_HEIGHT}
      style={{ ...FRAME, display: 'block', height: 'auto', objectFit: 'cover' }}
      onError={() => {
        setBroken(item.thumbnail_url);
        onBroken();
      }}
    />
  );
}

interface MediaCardProps {
  item: MediaItem;
  onOpen: () => void;
  /** A thumbnail failed to load (its signed address may have expired). */
  onBroken: () => void;
  /** Present for those who manage the gallery: the Download link and Delete show only then. */
  onDelete?: () => void;
  /** Present for those who manage the gallery: Tag children. */
  onTag?: () => void;
}

/** One item of the grid: its picture (opens the viewer), title, month, academic year and department;
 * for those who manage the gallery a "Consent missing" mark when a tagged child lacks photo consent. */
export function MediaCard({ item, onOpen, onBroken, onDelete, onTag }: MediaCardProps) {
  const t = useT();
  const language = useLanguage();
  const when = t('gallery.monthOfYear', { month: monthNameIn(language, item.month), year: item.academic_year });
  return (
    <Card component="li" withBorder padding="sm" radius="md" data-testid="media-card">
      <Card.Section>
        <UnstyledButton onClick={onOpen} aria-label={t('gallery.openItem', { title: item.title })} style={{ display: 'block', width: '100%' }}>
          <Preview item={item} onBroken={onBroken} />
        </UnstyledButton>
      </Card.Section>
      <Stack gap={4} mt="sm">
        <Text fw={600} lineClamp={1} title={item.title} style={{ overflowWrap: 'anywhere' }}>{item.title}</Text>
        <Text size="sm" c="dimmed">{when}</Text>
        {item.consent_missing ? (
          <Tooltip label={t('gallery.consentMissingHint')} multiline w={240}>
            <Badge color="orange" variant="light" leftSection={<IconAlertTriangle size={12} aria-hidden />} data-testid="consent-missing" style={{ alignSelf: 'flex-start' }}>
              {t('gallery.consentMissingMark')}
            </Badge>
          </Tooltip>
        ) : null}
        <Group justify="space-between" gap="xs" wrap="nowrap" mih={28}>
          <Badge variant="light" style={{ minWidth: 0 }}>{departmentLabel(item.department)}</Badge>
          {onDelete ? (
            <Group gap={4} wrap="nowrap">
              {onTag ? (
                <Tooltip label={t('gallery.tagChildren')}>
                  <ActionIcon variant="subtle" aria-label={t('gallery.tagChildrenOf', { title: item.title })} onClick={onTag}>
                    <IconTags size={18} />
                  </ActionIcon>
                </Tooltip>
              ) : null}
              <Tooltip label={t('gallery.download')}>
                <ActionIcon component="a" href={item.file_url} download={item.file_name} variant="subtle" aria-label={t('gallery.downloadItem', { title: item.title })}>
                  <IconDownload size={18} />
                </ActionIcon>
              </Tooltip>
              <Tooltip label={t('gallery.delete')}>
                <ActionIcon variant="subtle" color="red" aria-label={t('gallery.deleteItem', { title: item.title })} onClick={onDelete}>
                  <IconTrash size={18} />
                </ActionIcon>
              </Tooltip>
            </Group>
          ) : null}
        </Group>
      </Stack>
    </Card>
  );
}

/** The loading state of one card: the same frame and lines. */
export function MediaCardSkeleton() {
  return (
    <Card component="li" withBorder padding="sm" radius="md">
      <Card.Section><Skeleton style={FRAME} radius={0} /></Card.Section>
      <Stack gap={8} mt="sm">
        <Skeleton height={18} width="70%" />
        <Skeleton height={14} width="50%" />
        <Skeleton height={22} width="40%" />
      </Stack>
    </Card>
  );
}
