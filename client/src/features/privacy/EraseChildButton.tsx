import { useState } from 'react';
import { Alert, Button, Group, List, Modal, Stack, Text, TextInput } from '@mantine/core';
import { IconAlertCircle, IconTrash } from '@tabler/icons-react';
import { useNavigate } from 'react-router-dom';
import { confirmsName } from '../../../../common/schemas/privacy';
import { WRAPPING_BUTTON_STYLES } from '../../components/wrapping-button';
import { serverMessage } from '../../lib/errors';
import { localized, useT } from '../../lib/i18n';
import { notify } from '../../lib/notify';
import { trpc } from '../../lib/trpc';
import { useCan } from '../auth';
import './messages';

/**
 * "Erase this child's data", on the child's card, for those who may erase (eraseStudents): a dialog
 * says what goes and what stays and asks for the child's name, typed exactly (the server's rule,
 * `confirmsName`), before its button works. Once erased: back to Students, with a notification.
 * There is no undo.
 */
export function EraseChildButton({ student }: { student: { id: string; name: string } }) {
  const t = useT();
  const allowed = useCan('eraseStudents');
  const navigate = useNavigate();
  const utils = trpc.useUtils();
  const [opened, setOpened] = useState(false);
  const [typed, setTyped] = useState('');
  const erase = trpc.privacy.erase.useMutation({
    onSuccess: async () => {
      notify({ color: 'green', message: t('privacy.erase.erased') });
      setOpened(false);
      await navigate('/students', { replace: true });
      // The lists the child was in, not every students query: the child's own history, still on
      // screen while the card unmounts, would be asked again and answer 404.
      await Promise.all([utils.students.list.invalidate(), utils.students.byClass.invalidate()]);
    },
  });
  if (!allowed) return null;

  const matches = confirmsName(typed, student.name);
  const close = () => {
    if (erase.isPending) return;
    setOpened(false);
    setTyped('');
    erase.reset();
  };
  return (
    <>
      <Button color="red" variant="outline" leftSection={<IconTrash size={18} aria-hidden />} onClick={() => setOpened(true)}
        style={{ alignSelf: 'flex-start' }} styles={WRAPPING_BUTTON_STYLES} data-testid="erase-child">
        {t('privacy.erase.button')}
      </Button>
      <Modal opened={opened} onClose={close} title={t('privacy.erase.title', { name: student.name })} centered
        closeOnClickOutside={!erase.isPending} closeOnEscape={!erase.isPending}>
        <form noValidate onSubmit={(event) => {
          event.preventDefault();
          if (matches) erase.mutate({ id: student.id, confirm_name: typed });
        }}>
          <Stack>
            <List size="sm" spacing="xs">
              <List.Item>{t('privacy.erase.goes')}</List.Item>
              <List.Item>{t('privacy.erase.stays')}</List.Item>
            </List>
            <Text fw={700} c="red">{t('privacy.erase.noUndo')}</Text>
            <TextInput
              label={t('privacy.erase.typeName')}
              description={t('privacy.erase.typeNameHint', { name: student.name })}
              value={typed}
              onChange={(event) => {
                setTyped(event.currentTarget.value);
                if (erase.isError) erase.reset();
              }}
              autoComplete="off"
              data-autofocus
            />
            {erase.isError ? (
              <Alert color="red" variant="light" icon={<IconAlertCircle size={18} />} role="alert">
                {localized(t, serverMessage(erase.error, t('privacy.erase.failed')))}
              </Alert>
            ) : null}
            <Group justify="flex-end">
              <Button variant="default" onClick={close} disabled={erase.isPending}>{t('privacy.erase.cancel')}</Button>
              <Button type="submit" color="red" disabled={!matches} loading={erase.isPending}>{t('privacy.erase.confirm')}</Button>
            </Group>
          </Stack>
        </form>
      </Modal>
    </>
  );
}
