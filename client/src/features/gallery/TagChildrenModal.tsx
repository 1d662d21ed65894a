import { useState } from 'react';
import { Alert, Button, Group, Modal, Stack, Text } from '@mantine/core';
import { IconAlertCircle } from '@tabler/icons-react';
import { serverMessage } from '../../lib/errors';
import { localized, useT } from '../../lib/i18n';
import { notify } from '../../lib/notify';
import { trpc } from '../../lib/trpc';
import { ChildrenPicker } from './ChildrenPicker';
import type { MediaItem } from './MediaCard';
import './messages';

interface TagChildrenModalProps {
  item: MediaItem;
  onClose: () => void;
}

/** Tag children: the whole list of the children shown in one item, saved at once (it replaces the tags). */
export function TagChildrenModal({ item, onClose }: TagChildrenModalProps) {
  const t = useT();
  const utils = trpc.useUtils();
  const [ids, setIds] = useState<string[]>(() => (item.children ?? []).map((c) => c.id));
  const save = trpc.gallery.tagChildren.useMutation({
    onSuccess: async (result) => {
      notify({ color: 'green', message: localized(t, result.message) });
      onClose();
      await utils.gallery.list.invalidate();
    },
  });
  return (
    <Modal opened onClose={() => !save.isPending && onClose()} title={t('gallery.tagChildren')} closeButtonProps={{ 'aria-label': t('gallery.close') }}>
      <form noValidate onSubmit={(event) => { event.preventDefault(); save.mutate({ id: item.id, student_ids: ids }); }}>
        <Stack gap="md">
          <Text fw={600} style={{ overflowWrap: 'anywhere' }}>{item.title}</Text>
          <ChildrenPicker value={ids} onChange={setIds} disabled={save.isPending} />
          {save.isError ? (
            <Alert color="red" variant="light" icon={<IconAlertCircle size={18} />} role="alert">
              {localized(t, serverMessage(save.error, t('gallery.tagFailed')))}
            </Alert>
          ) : null}
          <Group justify="flex-end" gap="sm">
            <Button variant="default" onClick={onClose} disabled={save.isPending}>{t('common.cancel')}</Button>
            <Button type="submit" loading={save.isPending}>{t('gallery.saveTags')}</Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
