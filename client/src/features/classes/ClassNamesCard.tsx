import { useState } from 'react';
import { ActionIcon, Alert, Button, Card, Group, Skeleton, Stack, Text, TextInput, Title } from '@mantine/core';
import { IconAlertCircle, IconArrowDown, IconArrowUp, IconTrash } from '@tabler/icons-react';
import { CLASS_LIST_LIMITS } from '../../../../common/school';
import { classNamesInput } from '../../../../common/schemas/classes';
import { QueryErrorState } from '../../components/ErrorState';
import { WRAPPING_BUTTON_STYLES } from '../../components/wrapping-button';
import { serverMessage } from '../../lib/errors';
import { localized, useT } from '../../lib/i18n';
import { notify } from '../../lib/notify';
import { trpc } from '../../lib/trpc';
import './messages';

/**
 * The Configuration screen's class list (principals and super admins): the church's classes in school
 * order, LKG ... 12th unless changed. Names are added, renamed in place, moved up or down and removed;
 * Save sends the whole list (checked by the shared schema, then by the server, which keeps a name that
 * a class of this year or later still uses).
 */
export function ClassNamesCard() {
  const t = useT();
  const utils = trpc.useUtils();
  const names = trpc.classes.names.useQuery();
  const [edited, setEdited] = useState<string[] | undefined>(undefined);
  const [newName, setNewName] = useState('');
  const [problem, setProblem] = useState<string | null>(null);
  const save = trpc.classes.updateNames.useMutation({
    onSuccess: async (saved) => {
      notify({ color: 'green', message: t('classes.names.saved') });
      utils.classes.names.setData(undefined, saved);
      setEdited(undefined);
      await utils.classes.invalidate();
    },
  });
  const list = edited ?? names.data?.class_names ?? [];
  const change = (next: string[]) => { setEdited(next); setProblem(null); save.reset(); };
  const move = (at: number, by: number) => {
    const next = [...list];
    [next[at], next[at + by]] = [next[at + by], next[at]];
    change(next);
  };
  const add = () => {
    const name = newName.trim();
    if (!name) return;
    const parsed = classNamesInput.safeParse({ class_names: [...list, name] });
    if (!parsed.success) { setProblem(localized(t, parsed.error.issues[0].message)); return; }
    change([...list, name]);
    setNewName('');
  };

  return (
    <Card withBorder padding="lg" data-testid="class-names-card">
      <form
        noValidate
        aria-label={t('classes.names.title')}
        onSubmit={(event) => {
          event.preventDefault();
          const parsed = classNamesInput.safeParse({ class_names: list });
          if (!parsed.success) { setProblem(localized(t, parsed.error.issues[0].message)); return; }
          setProblem(null);
          save.mutate(parsed.data);
        }}
      >
        <Stack gap="sm">
          <Title order={2} size="h4">{t('classes.names.title')}</Title>
          <Text size="sm" c="dimmed">{t('classes.names.description')}</Text>
          {names.isPending ? <Skeleton height={36} /> : null}
          {names.isError ? <QueryErrorState query={names} title={t('classes.namesLoadFailed')} fallback={t('classes.unreachable')} /> : null}
          {names.data ? (
            <Stack gap={6} component="ol" style={{ listStyle: 'none', padding: 0, margin: 0 }}>
              {list.map((name, at) => (
                // By position: a name being renamed changes on every key.
                <Group key={at} component="li" gap={4} wrap="nowrap" data-testid="class-name-row">
                  <TextInput
                    style={{ flex: 1, minWidth: 0 }}
                    aria-label={t('classes.names.name', { position: at + 1 })}
                    value={name}
                    maxLength={CLASS_LIST_LIMITS.maxNameLength}
                    disabled={save.isPending}
                    onChange={(event) => change(list.map((n, i) => (i === at ? event.currentTarget.value : n)))}
                  />
                  <ActionIcon variant="subtle" size="lg" aria-label={t('classes.names.moveUp', { name })} disabled={at === 0 || save.isPending} onClick={() => move(at, -1)}>
                    <IconArrowUp size={18} />
                  </ActionIcon>
                  <ActionIcon variant="subtle" size="lg" aria-label={t('classes.names.moveDown', { name })} disabled={at === list.length - 1 || save.isPending} onClick={() => move(at, 1)}>
                    <IconArrowDown size={18} />
                  </ActionIcon>
                  <ActionIcon variant="subtle" color="red" size="lg" aria-label={t('classes.names.remove', { name })} disabled={list.length === 1 || save.isPending} onClick={() => change(list.filter((_, i) => i !== at))}>
                    <IconTrash size={18} />
                  </ActionIcon>
                </Group>
              ))}
            </Stack>
          ) : null}
          {names.data ? (
            <Group gap="xs" align="flex-end" wrap="wrap">
              <TextInput
                style={{ flex: 1, minWidth: 160 }}
                label={t('classes.names.newName')}
                value={newName}
                maxLength={CLASS_LIST_LIMITS.maxNameLength}
                disabled={save.isPending || list.length >= CLASS_LIST_LIMITS.maxNames}
                onChange={(event) => { setNewName(event.currentTarget.value); setProblem(null); }}
                onKeyDown={(event) => { if (event.key === 'Enter') { event.preventDefault(); add(); } }}
              />
              <Button variant="default" onClick={add} disabled={save.isPending || !newName.trim()}>{t('classes.names.add')}</Button>
            </Group>
          ) : null}
          {names.data ? <Text size="xs" c="dimmed">{t('classes.names.renameNote')}</Text> : null}
          {problem ? <Alert color="red" variant="light" icon={<IconAlertCircle size={18} />} role="alert">{problem}</Alert> : null}
          {save.isError ? (
            <Alert color="red" variant="light" icon={<IconAlertCircle size={18} />} role="alert">
              {localized(t, serverMessage(save.error, t('classes.names.saveFailed')))}
            </Alert>
          ) : null}
          {names.data ? (
            <Group justify="flex-end">
              <Button type="submit" loading={save.isPending} styles={WRAPPING_BUTTON_STYLES}>{t('classes.names.save')}</Button>
            </Group>
          ) : null}
        </Stack>
      </form>
    </Card>
  );
}
