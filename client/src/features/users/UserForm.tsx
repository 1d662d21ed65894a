import { Alert, Button, Card, Group, PasswordInput, Select, SimpleGrid, Stack, Text, TextInput, Title } from '@mantine/core';
import { schemaResolver, useForm } from '@mantine/form';
import { IconAlertCircle } from '@tabler/icons-react';
import { signsInWithGoogleOnly, type ChurchRole } from '../../../../common/constants';
import { useGoogleConfigured } from '../auth';
import { userFormSchema } from '../../../../common/schemas/users';
import { assignableRoles } from '../../../../common/permissions';
import { notify } from '../../lib/notify';
import { serverMessage } from '../../lib/errors';
import { localized, useT } from '../../lib/i18n';
import { trpc } from '../../lib/trpc';
import { ROLE_LABELS, type ManagedUser } from './roles';
import './messages';

type Field = 'name' | 'email' | 'password' | 'phone' | 'role';

interface UserFormProps {
  /** The signed-in user's role: which roles the form offers (a principal adds teachers only). */
  actorRole: ChurchRole;
  /** The user being edited, or null to add one. */
  editing: ManagedUser | null;
  /** Called after a successful save, and on Cancel while editing. */
  onDone: () => void;
}

/**
 * Add or edit a user: name, email, password, phone and, for a super
 * admin, the role. On edit a blank password keeps the old one. While the server has Google sign-in
 * configured a Gmail address signs in with Google and gets no password. Validated with the schema the server shares, so the messages match
 * (shown in the page's language: the catalogue holds their English).
 */
export function UserForm({ actorRole, editing, onDone }: UserFormProps) {
  const t = useT();
  const utils = trpc.useUtils();
  const roles = assignableRoles(actorRole);
  const mode = editing ? 'edit' : 'create';
  const create = trpc.users.create.useMutation();
  const update = trpc.users.update.useMutation();
  const googleConfigured = useGoogleConfigured();
  const form = useForm({
    initialValues: {
      name: editing?.name ?? '',
      email: editing?.email ?? '',
      password: '',
      phone: editing?.phone ?? '',
      role: editing?.role ?? roles[0] ?? 'teacher',
    },
    validate: schemaResolver(userFormSchema(mode, googleConfigured), { sync: true }),
    onValuesChange: () => {
      if (create.isError) create.reset();
      if (update.isError) update.reset();
    },
  });
  const google = signsInWithGoogleOnly(form.getValues().email, googleConfigured);
  const saving = create.isPending || update.isPending;
  const failed = create.error ?? update.error;

  const saved = (result: { message: string }) => {
    notify({ color: 'green', message: localized(t, result.message) });
    form.reset();
    void Promise.all([
      utils.users.invalidate(), utils.classes.invalidate(), utils.subscription.usage.invalidate(),
    ]).then(onDone);
  };

  const submit = form.onSubmit((values) => {
    const role = roles.includes(values.role) ? values.role : undefined;
    if (editing) update.mutate({ id: editing.id, ...values, role: role ?? editing.role }, { onSuccess: saved });
    else create.mutate({ ...values, role }, { onSuccess: saved });
  });

  const title = editing ? t('users.editTitle', { name: editing.name }) : t(roles.length > 1 ? 'users.addUser' : 'users.addTeacher');
  /** A field's props, its validation message in the page's language. */
  const inputProps = (field: Field) => {
    const props = form.getInputProps(field);
    return { ...props, error: localized(t, props.error as string | undefined) };
  };
  const showRole = roles.length > 1 && editing?.role !== 'super_admin';

  return (
    <Card withBorder padding="lg" data-testid="user-form">
      <form onSubmit={submit} noValidate aria-label={title}>
        <Stack gap="md">
          <Title order={2} size="h4">{title}</Title>
          <SimpleGrid cols={{ base: 1, sm: 2, lg: showRole ? 5 : 4 }} spacing="md">
            <TextInput label={t('users.name')} withAsterisk autoComplete="off" key={form.key('name')} {...inputProps('name')} />
            <TextInput label={t('users.email')} type="email" withAsterisk autoComplete="off" key={form.key('email')} {...inputProps('email')} />
            <PasswordInput
              label={t(editing ? 'users.newPassword' : 'users.password')}
              description={google ? t('users.googleSignInNote') : editing ? t('users.keepPassword') : undefined}
              withAsterisk={!editing && !google}
              disabled={google}
              autoComplete="new-password"
              key={form.key('password')}
              {...inputProps('password')}
            />
            <TextInput label={t('users.phone')} type="tel" autoComplete="off" key={form.key('phone')} {...inputProps('phone')} />
            {showRole ? (
              <Select
                label={t('users.role')}
                withAsterisk
                data={roles.map((r) => ({ value: r, label: t(ROLE_LABELS[r]) }))}
                allowDeselect={false}
                key={form.key('role')}
                {...inputProps('role')}
              />
            ) : null}
          </SimpleGrid>
          {!showRole && !editing ? <Text size="sm" c="dimmed">{t('users.addedAsTeacher')}</Text> : null}
          {failed ? (
            <Alert color="red" variant="light" icon={<IconAlertCircle size={18} />} role="alert">
              {localized(t, serverMessage(failed, t(editing ? 'users.saveUserFailed' : 'users.createTeacherFailed')))}
            </Alert>
          ) : null}
          <Group justify="flex-end">
            {editing ? <Button variant="default" onClick={onDone} disabled={saving}>{t('common.cancel')}</Button> : null}
            <Button type="submit" loading={saving}>{editing ? t('users.saveChanges') : title}</Button>
          </Group>
        </Stack>
      </form>
    </Card>
  );
}
