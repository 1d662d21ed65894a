import { Alert, Button, Card, Group, PasswordInput, Select, SimpleGrid, Stack, Text, TextInput, Title } from '@mantine/core';
import { schemaResolver, useForm } from '@mantine/form';
import { IconAlertCircle } from '@tabler/icons-react';
import { signsInWithGoogleOnly, type ChurchRole } from '../../../../common/constants';
import { useGoogleConfigured } from '../auth';
import { USER_MESSAGES, userFormSchema } from '../../../../common/schemas/users';
import { assignableRoles } from '../../../../common/permissions';
import { notify } from '../../lib/notify';
import { serverMessage } from '../../lib/errors';
import { trpc } from '../../lib/trpc';
import { ROLE_LABELS, type ManagedUser } from './roles';

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
 * configured a Gmail address signs in with Google and gets no password. Validated with the schema the server shares, so the messages match.
 */
export function UserForm({ actorRole, editing, onDone }: UserFormProps) {
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
    notify({ color: 'green', message: result.message });
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

  const title = editing ? `Edit ${editing.name}` : roles.length > 1 ? 'Add User' : 'Add Teacher';
  const showRole = roles.length > 1 && editing?.role !== 'super_admin';

  return (
    <Card withBorder padding="lg" data-testid="user-form">
      <form onSubmit={submit} noValidate aria-label={title}>
        <Stack gap="md">
          <Title order={2} size="h4">{title}</Title>
          <SimpleGrid cols={{ base: 1, sm: 2, lg: showRole ? 5 : 4 }} spacing="md">
            <TextInput label="Name" withAsterisk autoComplete="off" key={form.key('name')} {...form.getInputProps('name')} />
            <TextInput label="Email" type="email" withAsterisk autoComplete="off" key={form.key('email')} {...form.getInputProps('email')} />
            <PasswordInput
              label={editing ? 'New Password' : 'Password'}
              description={google ? USER_MESSAGES.googleSignInNote : editing ? 'Leave blank to keep the current password' : undefined}
              withAsterisk={!editing && !google}
              disabled={google}
              autoComplete="new-password"
              key={form.key('password')}
              {...form.getInputProps('password')}
            />
            <TextInput label="Phone" type="tel" autoComplete="off" key={form.key('phone')} {...form.getInputProps('phone')} />
            {showRole ? (
              <Select
                label="Role"
                withAsterisk
                data={roles.map((r) => ({ value: r, label: ROLE_LABELS[r] }))}
                allowDeselect={false}
                key={form.key('role')}
                {...form.getInputProps('role')}
              />
            ) : null}
          </SimpleGrid>
          {!showRole && !editing ? <Text size="sm" c="dimmed">The new user is added as a teacher.</Text> : null}
          {failed ? (
            <Alert color="red" variant="light" icon={<IconAlertCircle size={18} />} role="alert">
              {serverMessage(failed, editing ? USER_MESSAGES.saveUserFailed : USER_MESSAGES.createTeacherFailed)}
            </Alert>
          ) : null}
          <Group justify="flex-end">
            {editing ? <Button variant="default" onClick={onDone} disabled={saving}>Cancel</Button> : null}
            <Button type="submit" loading={saving}>{editing ? 'Save Changes' : title}</Button>
          </Group>
        </Stack>
      </form>
    </Card>
  );
}
