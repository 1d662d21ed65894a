import { Group, Paper, SimpleGrid, Text, ThemeIcon, Title } from '@mantine/core';
import { IconCheck, IconX } from '@tabler/icons-react';
import type { ChurchRole } from '../../../../../common/constants';
import { accessIndicators } from '../../../../../common/permissions';
import { PERMISSION_LABELS, USERS_TEXTS } from './texts';

/** 'Permissions and Access' : four yes/no indicators, decided by the permission table in common/permissions. */
export function PermissionsPanel({ user }: { user: { role: ChurchRole; is_church_owner: boolean } }) {
  const access = accessIndicators(user);
  return (
    <Paper withBorder p="sm" radius="md" data-testid="user-permissions">
      <Title order={3} size="h6" mb="xs">{USERS_TEXTS.permissionsTitle}</Title>
      <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="xs">
        {PERMISSION_LABELS.map(({ key, label }) => {
          const allowed = access[key];
          return (
            <Group key={key} gap="xs" wrap="nowrap" data-testid={`permission-${key}`} data-allowed={allowed}>
              <ThemeIcon size="sm" radius="xl" color={allowed ? 'green' : 'gray'} variant="light">
                {allowed ? <IconCheck size={14} aria-hidden /> : <IconX size={14} aria-hidden />}
              </ThemeIcon>
              <Text size="sm" c={allowed ? undefined : 'dimmed'}>{label}</Text>
              <Text size="xs" c="dimmed" ml="auto">{allowed ? USERS_TEXTS.yes : USERS_TEXTS.no}</Text>
            </Group>
          );
        })}
      </SimpleGrid>
    </Paper>
  );
}
