import { ConfirmDialog } from '../../../components/ConfirmDialog';
import { notify } from '../../../lib/notify';
import { trpc } from '../../../lib/trpc';
import { failureText } from '../shared/console-errors';
import { USERS_TEXTS } from './texts';
import type { AdminUser } from './UserRow';

interface DeleteUserDialogProps {
  user: AdminUser | null;
  onClose: () => void;
  onDeleted: () => void;
}

/**
 * Deleting a user after a confirmation. A refusal (a church's last active
 * super admin: 409) keeps the dialog open with the server's reason.
 */
export function DeleteUserDialog({ user, onClose, onDeleted }: DeleteUserDialogProps) {
  const remove = trpc.admin.users.delete.useMutation({
    onSuccess: () => {
      notify({ color: 'green', message: USERS_TEXTS.deleted });
      onDeleted();
    },
  });
  const close = () => {
    remove.reset();
    onClose();
  };
  return (
    <ConfirmDialog
      opened={user !== null}
      title={USERS_TEXTS.deleteTitle}
      confirmLabel={USERS_TEXTS.deleteConfirm}
      onConfirm={() => user && remove.mutate({ id: user.id })}
      onClose={close}
      pending={remove.isPending}
      error={remove.isError ? failureText(remove.error, USERS_TEXTS.deleteFailed, USERS_TEXTS.deleteFailedGeneric) : null}
    >
      {user ? USERS_TEXTS.deleteQuestion(user.name, user.email) : ''}
    </ConfirmDialog>
  );
}
