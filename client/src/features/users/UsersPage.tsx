import { useEffect, useRef, useState } from 'react';
import { Badge, Button, Card, Stack, Table, Text, Title } from '@mantine/core';
import { IconUsers } from '@tabler/icons-react';
import { USER_MESSAGES } from '../../../../common/schemas/users';
import { PagedTable } from '../../components/PagedTable';
import { RowActions } from '../../components/RowActions';
import { trpc } from '../../lib/trpc';
import { useSignedInSession } from '../auth';
import { TeachersSection } from './TeachersSection';
import { UserForm } from './UserForm';
import { useUserActions } from './useUserActions';
import { roleColor, roleLabel, type ManagedUser } from './roles';

/**
 * User Management (for those who manage all users): the add/edit form, All Users with role and
 * status, activate/deactivate (deactivation confirmed first), edit and delete; then the Teachers
 * table. Super admins are never deleted or deactivated here, and nobody acts on themselves.
 */
export function UsersPage() {
  const { user } = useSignedInSession();
  const users = trpc.users.list.useQuery();
  const [editing, setEditing] = useState<ManagedUser | null>(null);
  const [formVersion, setFormVersion] = useState(0);
  const formRef = useRef<HTMLDivElement>(null);
  const actions = useUserActions({ onDeleted: (id) => { if (editing?.id === id) setEditing(null); } });
  const closeForm = () => { setEditing(null); setFormVersion((v) => v + 1); };

  useEffect(() => {
    if (editing) formRef.current?.scrollIntoView({ behavior: 'smooth', block: 'start' });
  }, [editing]);

  return (
    <Stack gap="lg" maw={1200}>
      <Stack gap={4}>
        <Title order={1} size="h2">User Management</Title>
        <Text c="dimmed">Everyone who can sign in to the church, their roles and whether they are active.</Text>
      </Stack>
      <div ref={formRef} style={{ scrollMarginTop: 76 }}>
        <UserForm key={editing ? `edit-${editing.id}` : `new-${formVersion}`} actorRole={user.role} editing={editing} onDone={closeForm} />
      </div>

      <Card withBorder padding="lg">
        <Stack gap="md">
          <Title order={2} size="h4">All Users</Title>
          <PagedTable
            query={users}
            items={users.data}
            loadingLabel="Loading users"
            errorTitle={USER_MESSAGES.loadUsersFailed}
            empty={{ icon: <IconUsers size={28} />, title: 'No users yet' }}
            table={{
              testId: 'users-table',
              minWidth: 820,
              hover: true,
              columns: ['Name', 'Email', 'Role', 'Status', { label: 'Actions', align: 'right' }],
              row: (row) => {
                const fixed = row.role === 'super_admin' || row.id === user.id;
                return (
                  <Table.Tr key={row.id} data-testid="user-row">
                    <Table.Td fw={500}>{row.name}{row.id === user.id ? <Text span c="dimmed" size="sm"> (you)</Text> : null}</Table.Td>
                    <Table.Td>{row.email}</Table.Td>
                    <Table.Td><Badge color={roleColor(row.role)} variant="light">{roleLabel(row.role)}</Badge></Table.Td>
                    <Table.Td>
                      <Badge color={row.is_active ? 'green' : 'gray'} variant={row.is_active ? 'light' : 'outline'}>
                        {row.is_active ? 'Active' : 'Inactive'}
                      </Badge>
                    </Table.Td>
                    <Table.Td>
                      <Stack gap={0} align="flex-end">
                        <RowActions
                          subject={`user ${row.name}`}
                          onEdit={() => setEditing(row)}
                          onDelete={fixed ? undefined : () => actions.askDelete(row)}
                        />
                        {fixed ? null : (
                          <Button
                            size="compact-xs"
                            variant="subtle"
                            color={row.is_active ? 'red' : 'green'}
                            loading={actions.activating === row.id}
                            aria-label={`${row.is_active ? 'Deactivate' : 'Activate'} ${row.name}`}
                            onClick={() => (row.is_active ? actions.askDeactivate(row) : actions.activate(row))}
                          >
                            {row.is_active ? 'Deactivate' : 'Activate'}
                          </Button>
                        )}
                      </Stack>
                    </Table.Td>
                  </Table.Tr>
                );
              },
            }}
          />
        </Stack>
      </Card>

      <TeachersSection onEdit={setEditing} onDelete={actions.askDelete} />
      {actions.dialog}
    </Stack>
  );
}
