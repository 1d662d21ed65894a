import { useEffect, useRef, useState } from 'react';
import { Badge, Button, Card, Stack, Table, Text, Title } from '@mantine/core';
import { IconUsers } from '@tabler/icons-react';
import { DataTable } from '../../components/DataTable';
import { PagedTable } from '../../components/PagedTable';
import { RowActions } from '../../components/RowActions';
import { useT } from '../../lib/i18n';
import { trpc } from '../../lib/trpc';
import { useSignedInSession } from '../auth';
import { TeachersSection } from './TeachersSection';
import { UserForm } from './UserForm';
import { useUserActions } from './useUserActions';
import { roleColor, roleLabel, type ManagedUser } from './roles';
import './messages';

interface UserRowProps {
  row: ManagedUser;
  /** The signed-in user's own row. */
  self: boolean;
  activating: boolean;
  onEdit: (user: ManagedUser) => void;
  onDelete: (user: ManagedUser) => void;
  onDeactivate: (user: ManagedUser) => void;
  onActivate: (user: ManagedUser) => void;
}

/** A user of All Users: name, email, role, status and actions. A super admin, and the signed-in user
 * themselves, are edited only: never deleted or deactivated here. */
function UserRow({ row, self, activating, onEdit, onDelete, onDeactivate, onActivate }: UserRowProps) {
  const t = useT();
  const fixed = row.role === 'super_admin' || self;
  return (
    <Table.Tr data-testid="user-row">
      <Table.Td fw={500}>{row.name}{self ? <Text span c="dimmed" size="sm">{` ${t('users.you')}`}</Text> : null}</Table.Td>
      <Table.Td>{row.email}</Table.Td>
      <Table.Td><Badge color={roleColor(row.role)} variant="light">{t(roleLabel(row.role))}</Badge></Table.Td>
      <Table.Td>
        <Badge color={row.is_active ? 'green' : 'gray'} variant={row.is_active ? 'light' : 'outline'}>
          {t(row.is_active ? 'users.active' : 'users.inactive')}
        </Badge>
      </Table.Td>
      <Table.Td>
        <Stack gap={0} align="flex-end">
          <RowActions subject={t('users.userSubject', { name: row.name })} onEdit={() => onEdit(row)} onDelete={fixed ? undefined : () => onDelete(row)} />
          {fixed ? null : (
            <Button
              size="compact-xs"
              variant="subtle"
              color={row.is_active ? 'red' : 'green'}
              loading={activating}
              aria-label={t(row.is_active ? 'users.deactivateName' : 'users.activateName', { name: row.name })}
              onClick={() => (row.is_active ? onDeactivate(row) : onActivate(row))}
            >
              {t(row.is_active ? 'users.deactivate' : 'users.activate')}
            </Button>
          )}
        </Stack>
      </Table.Td>
    </Table.Tr>
  );
}

/**
 * User Management (for those who manage all users): the add/edit form, All Users with role and
 * status, activate/deactivate (deactivation confirmed first), edit and delete; then the Teachers
 * table. Super admins are never deleted or deactivated here, and nobody acts on themselves.
 */
export function UsersPage() {
  const t = useT();
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
        <Title order={1} size="h2">{t('users.usersTitle')}</Title>
        <Text c="dimmed">{t('users.usersIntro')}</Text>
      </Stack>
      <div ref={formRef} style={{ scrollMarginTop: 76 }}>
        <UserForm key={editing ? `edit-${editing.id}` : `new-${formVersion}`} actorRole={user.role} editing={editing} onDone={closeForm} />
      </div>

      <Card withBorder padding="lg">
        <Stack gap="md">
          <Title order={2} size="h4">{t('users.allUsers')}</Title>
          <PagedTable
            query={users}
            items={users.data}
            loadingLabel={t('users.loadingUsers')}
            errorTitle={t('users.loadUsersFailed')}
            empty={{ icon: <IconUsers size={28} />, title: t('users.noUsers') }}
          >
            {(items) => (
              <DataTable
                items={items}
                testId="users-table"
                minWidth={820}
                hover
                columns={[t('users.name'), t('users.email'), t('users.role'), t('users.status'), { label: t('users.actions'), align: 'right' }]}
                row={(row) => (
                <UserRow
                  key={row.id}
                  row={row}
                  self={row.id === user.id}
                  activating={actions.activating === row.id}
                  onEdit={setEditing}
                  onDelete={actions.askDelete}
                  onDeactivate={actions.askDeactivate}
                  onActivate={actions.activate}
                />
              )}
              />
            )}
          </PagedTable>
        </Stack>
      </Card>

      <TeachersSection onEdit={setEditing} onDelete={actions.askDelete} />
      {actions.dialog}
    </Stack>
  );
}
