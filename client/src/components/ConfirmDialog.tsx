import type { ReactNode } from 'react';
import { Alert, Button, Group, Modal, Stack, Text } from '@mantine/core';
import { IconAlertCircle } from '@tabler/icons-react';
import { useT } from '../lib/i18n';

interface ConfirmDialogProps {
  opened: boolean;
  title: string;
  /** What will happen, in a sentence or two. */
  children: ReactNode;
  confirmLabel: string;
  onConfirm: () => void;
  onClose: () => void;
  /** The action is running: the confirm button spins and the dialog cannot be dismissed. */
  pending?: boolean;
  /** Why the last attempt failed; the dialog stays open so the user can read it or try again. */
  error?: string | null;
}

/** The confirmation every delete asks for before it runs. */
export function ConfirmDialog({ opened, title, children, confirmLabel, onConfirm, onClose, pending, error }: ConfirmDialogProps) {
  const t = useT();
  const close = () => {
    if (!pending) onClose();
  };
  return (
    <Modal opened={opened} onClose={close} title={title} centered closeOnClickOutside={!pending} closeOnEscape={!pending}>
      <Stack>
        {typeof children === 'string' ? <Text>{children}</Text> : children}
        {error ? (
          <Alert color="red" variant="light" icon={<IconAlertCircle size={18} />} role="alert">{error}</Alert>
        ) : null}
        <Group justify="flex-end">
          <Button variant="default" onClick={close} disabled={pending}>{t('common.cancel')}</Button>
          <Button color="red" onClick={onConfirm} loading={pending}>{confirmLabel}</Button>
        </Group>
      </Stack>
    </Modal>
  );
}
