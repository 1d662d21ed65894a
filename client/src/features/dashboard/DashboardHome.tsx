import { Code, Stack, Text, Title } from '@mantine/core';
import { useSignedInSession } from '../auth/useSession';
import { ROLE_DASHBOARDS } from './role-dashboards';
import { UsageCard } from './UsageCard';

/** Overview, the home of every role at / (02 section 2.1). */
export function DashboardHome() {
  const { user, church } = useSignedInSession();
  const dashboard = ROLE_DASHBOARDS[user.role];

  return (
    <Stack gap="lg" maw={960}>
      <Stack gap={4}>
        <Title order={2}>{dashboard.title}</Title>
        <Text c="dimmed">
          {church.name} · Church code <Code data-testid="church-code">{church.code}</Code>
        </Text>
        <Text size="sm" c="dimmed">Signed in as {user.name} ({dashboard.roleLabel})</Text>
      </Stack>
      <UsageCard />
    </Stack>
  );
}
