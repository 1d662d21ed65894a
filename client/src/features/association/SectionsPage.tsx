import { useState, type FormEvent } from 'react';
import { Alert, Button, Group, Paper, Stack, Text, TextInput, Title } from '@mantine/core';
import { IconAlertCircle } from '@tabler/icons-react';
import { createSectionInput } from '../../../../common/schemas/association-members';
import { ConfirmDialog } from '../../components/ConfirmDialog';
import { QueryErrorState } from '../../components/ErrorState';
import { TableSkeleton } from '../../components/TableSkeleton';
import { serverMessage } from '../../lib/errors';
import { fieldErrors } from '../../lib/field-errors';
import { localized, useT } from '../../lib/i18n';
import { notify } from '../../lib/notify';
import { trpc } from '../../lib/trpc';
import { useOfficerCan } from './useAssociationSession';
import { useInvalidateAssociation, type Section } from './shared';
import './messages';

function AddSectionForm() {
  const t = useT();
  const invalidate = useInvalidateAssociation();
  const [name, setName] = useState('');
  const [nameError, setNameError] = useState<string | undefined>();
  const add = trpc.association.createSection.useMutation({
    onSuccess: async () => {
      setName('');
      notify({ color: 'green', message: t('association.sections.added') });
      await invalidate();
    },
  });
  const submit = (event: FormEvent) => {
    event.preventDefault();
    const parsed = createSectionInput.safeParse({ name });
    if (!parsed.success) {
      setNameError(fieldErrors<'name'>(parsed.error).name);
      return;
    }
    add.mutate(parsed.data);
  };
  return (
    <Paper withBorder p="md" radius="md">
      <form onSubmit={submit} noValidate data-testid="add-section">
        <Stack gap="sm">
          <TextInput
            label={t('association.sections.name')}
            withAsterisk
            maxLength={80}
            value={name}
            onChange={(event) => {
              setName(event.currentTarget.value);
              setNameError(undefined);
              add.reset();
            }}
            error={localized(t, nameError)}
            maw={360}
          />
          {add.isError ? (
            <Alert color="red" variant="light" icon={<IconAlertCircle size={18} />} role="alert">
              {localized(t, serverMessage(add.error, t('association.sections.addFailed')))}
            </Alert>
          ) : null}
          <Group>
            <Button type="submit" loading={add.isPending}>{t('association.sections.add')}</Button>
          </Group>
        </Stack>
      </form>
    </Paper>
  );
}

function SectionRow({ section, churches, manage, onDelete }: { section: Section; churches: number; manage: boolean; onDelete: (section: Section) => void }) {
  const t = useT();
  const invalidate = useInvalidateAssociation();
  const [editing, setEditing] = useState(false);
  const [name, setName] = useState(section.name);
  const [nameError, setNameError] = useState<string | undefined>();
  const rename = trpc.association.renameSection.useMutation({
    onSuccess: async () => {
      setEditing(false);
      notify({ color: 'green', message: t('association.sections.renamed') });
      await invalidate();
    },
  });
  const save = (event: FormEvent) => {
    event.preventDefault();
    const parsed = createSectionInput.safeParse({ name });
    if (!parsed.success) {
      setNameError(fieldErrors<'name'>(parsed.error).name);
      return;
    }
    rename.mutate({ id: section.id, name: parsed.data.name });
  };
  if (editing) {
    return (
      <Paper withBorder p="sm" radius="md" data-testid="section">
        <form onSubmit={save} noValidate>
          <Stack gap="xs">
            <TextInput
              label={t('association.sections.renameLabel', { name: section.name })}
              value={name}
              maxLength={80}
              onChange={(event) => {
                setName(event.currentTarget.value);
                setNameError(undefined);
                rename.reset();
              }}
              error={localized(t, nameError) ?? (rename.isError ? localized(t, serverMessage(rename.error, t('association.sections.renameFailed'))) : undefined)}
              maw={360}
              data-autofocus
            />
            <Group gap="xs">
              <Button type="submit" size="xs" loading={rename.isPending}>{t('association.sections.save')}</Button>
              <Button size="xs" variant="default" onClick={() => setEditing(false)}>{t('association.sections.cancel')}</Button>
            </Group>
          </Stack>
        </form>
      </Paper>
    );
  }
  return (
    <Paper withBorder p="sm" radius="md" data-testid="section">
      <Group justify="space-between" gap="xs" wrap="wrap">
        <Stack gap={0}>
          <Text fw={600} style={{ overflowWrap: 'anywhere' }}>{section.name}</Text>
          <Text size="sm" c="dimmed">{t('association.sections.churches', { count: churches })}</Text>
        </Stack>
        {manage ? (
          <Group gap="xs">
            <Button size="xs" variant="light" onClick={() => {
              setName(section.name);
              setEditing(true);
            }}
            >
              {t('association.sections.rename')}
            </Button>
            <Button size="xs" variant="light" color="red" onClick={() => onDelete(section)}>{t('association.sections.delete')}</Button>
          </Group>
        ) : null}
      </Group>
    </Paper>
  );
}

/** Sections: the optional groups of member churches; the admin adds, renames and deletes them. */
export function SectionsPage() {
  const t = useT();
  const manage = useOfficerCan('manageMembers');
  const sections = trpc.association.sections.useQuery();
  const members = trpc.association.members.useQuery();
  const invalidate = useInvalidateAssociation();
  const [deleting, setDeleting] = useState<Section | null>(null);
  const remove = trpc.association.deleteSection.useMutation({
    onSuccess: async () => {
      setDeleting(null);
      notify({ color: 'green', message: t('association.sections.deleted') });
      await invalidate();
    },
  });
  const churchesIn = (id: string) => (members.data ?? []).filter((m) => m.section_id === id && (m.status === 'invited' || m.status === 'active')).length;
  return (
    <Stack gap="md">
      <Title order={1}>{t('association.sections.title')}</Title>
      <Text c="dimmed">{t('association.sections.intro')}</Text>
      {manage ? <AddSectionForm /> : null}
      {sections.isPending ? <TableSkeleton rows={3} label={t('association.sections.loading')} /> : null}
      {sections.isError ? <QueryErrorState query={sections} title={t('association.sections.loadFailed')} /> : null}
      {sections.data && sections.data.length === 0 ? <Text c="dimmed" data-testid="sections-empty">{t('association.sections.empty')}</Text> : null}
      {sections.data && sections.data.length > 0 ? (
        <Stack gap="sm" data-testid="section-list">
          {sections.data.map((section) => (
            <SectionRow key={section.id} section={section} churches={churchesIn(section.id)} manage={manage} onDelete={setDeleting} />
          ))}
        </Stack>
      ) : null}
      <ConfirmDialog
        opened={deleting !== null}
        title={deleting ? t('association.sections.deleteTitle', { name: deleting.name }) : ''}
        confirmLabel={t('association.sections.delete')}
        onConfirm={() => deleting && remove.mutate({ id: deleting.id })}
        onClose={() => {
          setDeleting(null);
          remove.reset();
        }}
        pending={remove.isPending}
        error={remove.isError ? localized(t, serverMessage(remove.error, t('association.sections.deleteFailed'))) : null}
      >
        {t('association.sections.deleteText')}
      </ConfirmDialog>
    </Stack>
  );
}
