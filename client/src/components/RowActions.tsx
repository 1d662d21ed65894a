import { ActionIcon, Group, Tooltip } from '@mantine/core';
import { IconPencil, IconTrash } from '@tabler/icons-react';
import { useT } from '../lib/i18n';

interface RowActionsProps {
  /** What the row is, for screen readers: 'class 3rd A (2026-2027)', 'student Diya Jacob'. */
  subject: string;
  onEdit?: () => void;
  onDelete?: () => void;
}

/** Edit and Delete icons of a table row; each shows only when its action is allowed. */
export function RowActions({ subject, onEdit, onDelete }: RowActionsProps) {
  const t = useT();
  return (
    <Group gap={4} justify="flex-end" wrap="nowrap">
      {onEdit ? (
        <Tooltip label={t('common.edit')}>
          <ActionIcon variant="subtle" aria-label={t('common.editSubject', { subject })} onClick={onEdit}>
            <IconPencil size={18} />
          </ActionIcon>
        </Tooltip>
      ) : null}
      {onDelete ? (
        <Tooltip label={t('common.delete')}>
          <ActionIcon variant="subtle" color="red" aria-label={t('common.deleteSubject', { subject })} onClick={onDelete}>
            <IconTrash size={18} />
          </ActionIcon>
        </Tooltip>
      ) : null}
    </Group>
  );
}
