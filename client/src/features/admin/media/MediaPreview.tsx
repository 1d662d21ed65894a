import { Center, Text } from '@mantine/core';
import { mediaTypeOf } from './media-files';
import { MEDIA_TEXTS } from './texts';

const FRAME = { minHeight: 160, borderRadius: 'var(--mantine-radius-md)', background: 'var(--mantine-color-gray-1)' } as const;

/** The preview of Media Details: an image itself; other types say none is shown. */
export function MediaPreview({ item }: { item: { file_type: string; file_url: string | null; filename: string } }) {
  if (mediaTypeOf(item.file_type) !== 'image') {
    return <Center style={FRAME}><Text size="sm" c="dimmed">{MEDIA_TEXTS.previewUnsupported}</Text></Center>;
  }
  if (!item.file_url) return <Center style={FRAME}><Text size="sm" c="dimmed">{MEDIA_TEXTS.noPreview}</Text></Center>;
  return (
    <Center style={FRAME}>
      <img
        src={item.file_url}
        alt={item.filename}
        data-testid="media-preview"
        style={{ display: 'block', maxWidth: '100%', maxHeight: 320, objectFit: 'contain' }}
      />
    </Center>
  );
}
