import { Button, Card, Group, Stack, Text } from '@mantine/core';
import type { RouterOutputs } from '../../../lib/trpc';
import { ADMIN_TEXTS } from '../shared/texts';
import { formatFileSize, mediaTypeOf } from './media-files';
import { MediaTypeIcon } from './MediaTypeIcon';
import { MEDIA_TEXTS } from './texts';
import { ViewImageButton } from './ViewImageButton';
import { consoleDate } from '../shared/church-dates';

export type AdminMedia = RouterOutputs['admin']['media']['list']['items'][number];

interface MediaCardProps {
  item: AdminMedia;
  onDetails: (item: AdminMedia) => void;
  onDelete: (item: AdminMedia) => void;
}

/** One file of the library: its type, name, size, church and uploader; View for images. */
export function MediaCard({ item, onDetails, onDelete }: MediaCardProps) {
  const type = mediaTypeOf(item.file_type);
  return (
    <Card withBorder padding="sm" radius="md" data-testid="admin-media-card" data-type={type}>
      <Stack gap="xs" h="100%">
        <Group gap="sm" wrap="nowrap" align="flex-start">
          <MediaTypeIcon type={type} />
          <div style={{ minWidth: 0, flex: 1 }}>
            <Text fw={500} size="sm" truncate="end" title={item.filename}>{item.filename}</Text>
            <Text size="xs" c="dimmed">{item.file_size ? formatFileSize(item.file_size) : MEDIA_TEXTS.unknownSize}</Text>
          </div>
        </Group>
        <div style={{ flex: 1 }}>
          <Text size="xs" truncate="end">{item.church_name}</Text>
          <Text size="xs" c="dimmed">Code: {item.church_code}</Text>
          <Text size="xs" c="dimmed" truncate="end">By: {item.uploaded_by_name || ADMIN_TEXTS.notAvailable}</Text>
          <Text size="xs" c="dimmed">{consoleDate(item.upload_date)}</Text>
        </div>
        <Group gap={6} wrap="wrap">
          {type === 'image' ? (
            <ViewImageButton size="compact-sm" variant="light" fileUrl={item.file_url} label={MEDIA_TEXTS.view} aria-label={`${MEDIA_TEXTS.view} ${item.filename}`} />
          ) : null}
          <Button size="compact-sm" variant="default" onClick={() => onDetails(item)} aria-label={`${MEDIA_TEXTS.details} of ${item.filename}`}>
            {MEDIA_TEXTS.details}
          </Button>
          <Button size="compact-sm" variant="subtle" color="red" onClick={() => onDelete(item)} aria-label={`${MEDIA_TEXTS.delete} ${item.filename}`}>
            {MEDIA_TEXTS.delete}
          </Button>
        </Group>
      </Stack>
    </Card>
  );
}
