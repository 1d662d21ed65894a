import { Badge, Button, Group, Stack, Table, Text } from '@mantine/core';
import { formatDate } from '../../../lib/format';
import type { RouterOutputs } from '../../../lib/trpc';
import { ADMIN_TEXTS } from '../shared/texts';
import { roleBadge, USERS_TEXTS } from './texts';

export type AdminUser = RouterOutputs['admin']['users']['list']['items'][number];

interface UsersTableProps {
  users: readonly AdminUser[];
  onView: (user: AdminUser) => void;
  onDelete: (user: AdminUser) => void;
}

/** The users of a page (02 section 2.16): user, church, role and status, created, actions. It scrolls
 * inside its own container on a narrow screen, as the churches table does. */
export function UsersTable({ users, onView, onDelete }: UsersTableProps) {
  return (
    <Table.ScrollContainer minWidth={720} type="native">
      <Table striped highlightOnHover verticalSpacing="sm" data-testid="users-table">
        <Table.Thead>
          <Table.Tr>
            <Table.Th>User</Table.Th>
            <Table.Th>Church</Table.Th>
            <Table.Th>Role and Status</Table.Th>
            <Table.Th>Created</Table.Th>
            <Table.Th ta="right">Actions</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {users.map((user) => {
            const role = roleBadge(user.role);
            return (
              <Table.Tr key={user.id} data-testid="user-row">
                <Table.Td>
                  <Text fw={500} size="sm">{user.name}</Text>
                  <Text size="xs" c="dimmed" style={{ overflowWrap: 'anywhere' }}>{user.email}</Text>
                  <Text size="xs" c="dimmed">{user.phone || ADMIN_TEXTS.notAvailable}</Text>
                </Table.Td>
                <Table.Td>
                  <Text size="sm">{user.church_name}</Text>
                  <Text size="xs" c="dimmed">{user.church_code}</Text>
                </Table.Td>
                <Table.Td>
                  <Group gap={4}>
                    <Badge color={role.color} variant="light" data-testid="role-badge">{role.label}</Badge>
                    <Badge color={user.is_active ? 'green' : 'gray'} variant="outline" data-testid="active-badge">
                      {user.is_active ? USERS_TEXTS.active : USERS_TEXTS.inactive}
                    </Badge>
                  </Group>
                </Table.Td>
                <Table.Td><Text size="sm">{formatDate(user.created_at)}</Text></Table.Td>
                <Table.Td>
                  <Stack gap={4} align="flex-end">
                    <Button size="compact-sm" variant="light" onClick={() => onView(user)} aria-label={`${USERS_TEXTS.view} ${user.name}`}>
                      {USERS_TEXTS.view}
                    </Button>
                    <Button size="compact-sm" variant="subtle" color="red" onClick={() => onDelete(user)} aria-label={`${USERS_TEXTS.delete} ${user.name}`}>
                      {USERS_TEXTS.delete}
                    </Button>
                  </Stack>
                </Table.Td>
              </Table.Tr>
            );
          })}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}
