import { Button, Group, Modal, SimpleGrid, Stack } from '@mantine/core';
import { departmentLabel } from '../../../../../common/media-limits';
import { ErrorState } from '../../../components/ErrorState';
import { trpc } from '../../../lib/trpc';
import { localTimestamp } from '../shared/church-dates';
import { failureText } from '../shared/console-errors';
import { ConsoleField as Field } from '../shared/ConsoleField';
import { ADMIN_TEXTS } from '../shared/texts';
import type { AdminMedia } from './MediaCard';
import { formatFileSize, mediaTypeOf } from './media-files';
import { MediaPreview } from './MediaPreview';
import { MEDIA_TEXTS } from './texts';
import { ViewImageButton } from './ViewImageButton';

interface MediaDetailsModalProps {
  item: AdminMedia | null;
  onClose: () => void;
  onDelete: (item: AdminMedia) => void;
}

/**
 * 'Media Details': a preview and every field of the item. The card's item shows at
 * once; the details call (audited as a view) then brings the current values and a fresh signed URL.
 */
export function MediaDetailsModal({ item, onClose, onDelete }: MediaDetailsModalProps) {
  const details = trpc.admin.media.details.useQuery({ id: item?.id ?? '' }, { enabled: item !== null });
  const shown = (details.data?.id === item?.id ? details.data : undefined) ?? item;
  const isImage = shown ? mediaTypeOf(shown.file_type) === 'image' : false;

  return (
    <Modal opened={item !== null} onClose={onClose} title={MEDIA_TEXTS.detailsTitle} size="lg" centered>
      {shown ? (
        <Stack gap="md" data-testid="media-details">
          {details.isError ? (
            <ErrorState
              title={failureText(details.error, MEDIA_TEXTS.detailsFailed, MEDIA_TEXTS.detailsFailedGeneric)}
              onRetry={() => void details.refetch()}
              retrying={details.isFetching}
            />
          ) : null}
          <MediaPreview item={shown} />
          <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="sm" verticalSpacing="sm">
            <Field label="Filename">{shown.filename}</Field>
            <Field label="Type">{shown.file_type}</Field>
            <Field label="Size">{formatFileSize(shown.file_size)}</Field>
            <Field label="Title">{shown.title || ADMIN_TEXTS.notAvailable}</Field>
            <Field label="Church">{shown.church_name}</Field>
            <Field label="Code">{shown.church_code}</Field>
            <Field label="Uploaded By">{shown.uploaded_by_name || ADMIN_TEXTS.notAvailable}</Field>
            <Field label="Upload Date">{localTimestamp(shown.upload_date)}</Field>
            <Field label="Academic Year">{shown.academic_year}</Field>
            <Field label="Department">{departmentLabel(shown.department)}</Field>
          </SimpleGrid>
          {shown.description ? <Field label="Description">{shown.description}</Field> : null}
          <Group justify="flex-end" gap="xs">
            <Button color="red" variant="light" onClick={() => onDelete(shown)}>{MEDIA_TEXTS.deleteMedia}</Button>
            {isImage && shown.file_url ? <ViewImageButton variant="light" fileUrl={shown.file_url} label={MEDIA_TEXTS.openImage} /> : null}
            <Button variant="default" onClick={onClose}>{MEDIA_TEXTS.close}</Button>
          </Group>
        </Stack>
      ) : null}
    </Modal>
  );
}
