import { Badge, Button, Group, Stack, Table, Text } from '@mantine/core';
import { formatCalendarDate } from '../../../lib/format';
import type { RouterOutputs } from '../../../lib/trpc';
import { consoleDate, lastDayOf } from '../shared/church-dates';
import { statusBadge, tierBadge } from '../shared/subscription-labels';
import { ADMIN_TEXTS } from '../shared/texts';

export type AdminChurch = RouterOutputs['admin']['churches']['list']['items'][number];

/** The churches list's columns: church, subscription, statistics, created, actions. */
export const CHURCH_COLUMNS = ['Church', 'Subscription', 'Statistics', 'Created', { label: 'Actions', align: 'right' }] as const;

interface ChurchRowProps {
  church: AdminChurch;
  onDetails: (church: AdminChurch) => void;
  onManage: (church: AdminChurch) => void;
}

/** A church of the list, under CHURCH_COLUMNS. */
export function ChurchRow({ church, onDetails, onManage }: ChurchRowProps) {
  const tier = tierBadge(church.subscription_tier);
  const status = statusBadge(church.subscription_status);
  return (
    <Table.Tr data-testid="church-row">
      <Table.Td>
        <Text fw={500} size="sm">{church.name}</Text>
        <Text size="xs" c="dimmed">Code: {church.code}</Text>
        <Text size="xs" c="dimmed" style={{ overflowWrap: 'anywhere' }}>{church.owner_email ?? ADMIN_TEXTS.notAvailable}</Text>
        {church.association ? (
          <Text size="xs" c="grape.8" data-testid="church-association">{`Association: ${church.association.name} (${church.association.code})`}</Text>
        ) : null}
      </Table.Td>
      <Table.Td>
        <Group gap={4}>
          <Badge color={tier.color} variant="light" data-testid="tier-badge">{tier.label}</Badge>
          <Badge color={status.color} variant="outline" data-testid="status-badge">{status.label}</Badge>
        </Group>
        <Text size="xs" c="dimmed" mt={4} data-testid="end-date">
          Ends: {church.subscription_end_date ? formatCalendarDate(lastDayOf(church.subscription_end_date)) : ADMIN_TEXTS.notAvailable}
        </Text>
      </Table.Td>
      <Table.Td>
        <Text size="sm">Users: {church.user_count}</Text>
        <Text size="sm">Classes: {church.class_count}</Text>
      </Table.Td>
      <Table.Td><Text size="sm" data-testid="created-date">{consoleDate(church.created_at)}</Text></Table.Td>
      <Table.Td>
        <Stack gap={4} align="flex-end">
          <Button size="compact-sm" variant="light" onClick={() => onManage(church)} aria-label={`${ADMIN_TEXTS.manageSubscription} of ${church.name}`}>
            {ADMIN_TEXTS.manageSubscription}
          </Button>
          <Button size="compact-sm" variant="subtle" onClick={() => onDetails(church)} aria-label={`${ADMIN_TEXTS.viewDetails} of ${church.name}`}>
            {ADMIN_TEXTS.viewDetails}
          </Button>
        </Stack>
      </Table.Td>
    </Table.Tr>
  );
}
