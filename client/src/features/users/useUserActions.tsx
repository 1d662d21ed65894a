import { useState } from 'react';
import { ConfirmDialog } from '../../components/ConfirmDialog';
import { serverMessage } from '../../lib/errors';
import { localized, useT } from '../../lib/i18n';
import { notify } from '../../lib/notify';
import { trpc } from '../../lib/trpc';
import type { ManagedUser } from './roles';
import './messages';

type Pending = { kind: 'delete' | 'deactivate'; user: ManagedUser };

/**
 * Delete and activate/deactivate, each deletion and deactivation confirmed first.
 * Activating needs no confirmation. `dialog` is the one confirmation dialog to render.
 */
export function useUserActions(options: { onDeleted?: (id: string) => void } = {}) {
  const t = useT();
  const utils = trpc.useUtils();
  const [pending, setPending] = useState<Pending | null>(null);
  const [opened, setOpened] = useState(false);
  const refresh = () => Promise.all([utils.users.invalidate(), utils.classes.invalidate(), utils.subscription.usage.invalidate()]);

  const remove = trpc.users.delete.useMutation({
    onSuccess: async (result) => {
      notify({ color: 'green', message: localized(t, result.message) });
      setOpened(false);
      options.onDeleted?.(result.id);
      await refresh();
    },
  });
  const status = trpc.users.update.useMutation({
    onSuccess: async (result) => {
      notify({ color: 'green', message: localized(t, result.message) });
      setOpened(false);
      await refresh();
    },
    onError: (error, input) => {
      // Activation has no dialog to show the failure in.
      if (input.is_active) notify({ color: 'red', message: localized(t, serverMessage(error, t('users.updateStatusFailed'))) });
    },
  });

  const ask = (kind: Pending['kind'], user: ManagedUser) => {
    remove.reset();
    status.reset();
    setPending({ kind, user });
    setOpened(true);
  };

  const isDelete = pending?.kind === 'delete';
  const teacher = pending?.user.role === 'teacher';
  const deleteFallback = t(teacher ? 'users.deleteTeacherFailed' : 'users.deleteUserFailed');
  const failure = isDelete ? remove.error : status.error;
  const dialog = (
    <ConfirmDialog
      opened={opened}
      title={t(isDelete ? (teacher ? 'users.deleteTeacher' : 'users.deleteUser') : 'users.deactivateUser')}
      confirmLabel={t(isDelete ? 'common.delete' : 'users.deactivate')}
      onConfirm={() => {
        if (!pending) return;
        if (isDelete) remove.mutate({ id: pending.user.id });
        else status.mutate({ id: pending.user.id, is_active: false });
      }}
      onClose={() => setOpened(false)}
      pending={remove.isPending || status.isPending}
      error={failure ? localized(t, serverMessage(failure, isDelete ? deleteFallback : t('users.updateStatusFailed'))) : null}
    >
      {pending ? (isDelete
        ? `${t(teacher ? 'users.confirmDeleteTeacher' : 'users.confirmDeleteUser')} (${pending.user.name})`
        : t('users.confirmDeactivate', { name: pending.user.name })) : ''}
    </ConfirmDialog>
  );

  return {
    dialog,
    askDelete: (user: ManagedUser) => ask('delete', user),
    askDeactivate: (user: ManagedUser) => ask('deactivate', user),
    activate: (user: ManagedUser) => status.mutate({ id: user.id, is_active: true }),
    activating: status.isPending && status.variables?.is_active === true ? status.variables.id : null,
  };
}
