import { ConfirmDialog } from '../../../components/ConfirmDialog';
import { notify } from '../../../lib/notify';
import { trpc } from '../../../lib/trpc';
import { serverMessage } from '../../../lib/errors';
import type { AdminMedia } from './MediaCard';
import { MEDIA_TEXTS } from './texts';

interface DeleteMediaDialogProps {
  item: AdminMedia | null;
  onClose: () => void;
  onDeleted: (item: AdminMedia) => void;
}

/** Deleting a media item after a confirmation; a failure keeps the dialog open. */
export function DeleteMediaDialog({ item, onClose, onDeleted }: DeleteMediaDialogProps) {
  const remove = trpc.admin.media.delete.useMutation();
  const close = () => {
    remove.reset();
    onClose();
  };
  return (
    <ConfirmDialog
      opened={item !== null}
      title={MEDIA_TEXTS.deleteTitle}
      confirmLabel={MEDIA_TEXTS.deleteMedia}
      onConfirm={() => {
        if (!item) return;
        remove.mutate({ id: item.id }, {
          onSuccess: () => {
            notify({ color: 'green', message: MEDIA_TEXTS.deleted });
            remove.reset();
            onDeleted(item);
          },
        });
      }}
      onClose={close}
      pending={remove.isPending}
      error={remove.isError ? MEDIA_TEXTS.deleteFailed + serverMessage(remove.error, MEDIA_TEXTS.deleteFailedGeneric) : null}
    >
      {item ? MEDIA_TEXTS.deleteQuestion(item.filename) : ''}
    </ConfirmDialog>
  );
}
