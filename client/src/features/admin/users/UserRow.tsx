import { Badge, Button, Group, Stack, Table, Text } from '@mantine/core';
import { readablePhone } from '../../../../../common/phone';
import type { RouterOutputs } from '../../../lib/trpc';
import { ADMIN_TEXTS } from '../shared/texts';
import { roleBadge } from '../shared/church-roles';
import { USERS_TEXTS } from './texts';
import { consoleDate } from '../shared/church-dates';

export type AdminUser = RouterOutputs['admin']['users']['list']['items'][number];

/** The users list's columns: user, church, role and status, created, actions. */
export const USER_COLUMNS = ['User', 'Church', 'Role and Status', 'Created', { label: 'Actions', align: 'right' }] as const;

interface UserRowProps {
  user: AdminUser;
  onView: (user: AdminUser) => void;
  onDelete: (user: AdminUser) => void;
}

/** A user of the list, under USER_COLUMNS. */
export function UserRow({ user, onView, onDelete }: UserRowProps) {
  const role = roleBadge(user.role);
  return (
    <Table.Tr data-testid="user-row">
      <Table.Td>
        <Text fw={500} size="sm">{user.name}</Text>
        <Text size="xs" c="dimmed" style={{ overflowWrap: 'anywhere' }}>{user.email}</Text>
        <Text size="xs" c="dimmed">{user.phone ? readablePhone(user.phone) : ADMIN_TEXTS.notAvailable}</Text>
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
      <Table.Td><Text size="sm">{consoleDate(user.created_at)}</Text></Table.Td>
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
}
