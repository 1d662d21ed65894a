import { Badge, Button, Group, Stack, Table, Text } from '@mantine/core';
import { isLocale } from '../../../../../common/i18n/locales';
import type { RouterOutputs } from '../../../lib/trpc';
import { consoleDate } from '../shared/church-dates';
import { ASSOCIATIONS_TEXTS as T, KIND_LABELS, LANGUAGE_LABELS } from './texts';

export type AdminAssociation = RouterOutputs['admin']['associations']['list']['items'][number];

/** The associations list's columns. */
export const ASSOCIATION_COLUMNS = ['Association', 'Languages', 'Churches', 'Status', 'Created', { label: 'Actions', align: 'right' }] as const;

const languageName = (code: string) => (isLocale(code) ? LANGUAGE_LABELS[code] : code);

/** An association of the list, under ASSOCIATION_COLUMNS. */
export function AssociationRow({ association, onToggle }: { association: AdminAssociation; onToggle: (a: AdminAssociation) => void }) {
  const a = association;
  return (
    <Table.Tr data-testid="association-row">
      <Table.Td>
        <Text fw={500} size="sm">{a.name}</Text>
        <Text size="xs" c="dimmed">{T.code(a.code)}</Text>
        <Badge variant="light" color="grape" mt={4}>{KIND_LABELS[a.kind]}</Badge>
      </Table.Td>
      <Table.Td><Text size="sm">{a.languages.map(languageName).join(', ')}</Text></Table.Td>
      <Table.Td>
        <Text size="sm" data-testid="member-count">{T.members(a.member_count)}</Text>
        <Text size="xs" c="dimmed">{T.invited(a.invited_count)}</Text>
        <Text size="xs" c="dimmed">{T.officers(a.officer_count)}</Text>
      </Table.Td>
      <Table.Td>
        <Group gap={4}>
          <Badge color={a.is_active ? 'green' : 'gray'} variant="outline" data-testid="association-status">
            {a.is_active ? T.active : T.inactive}
          </Badge>
          <Badge color="gray" variant="light" tt="none" title={T.billing}>{T.noSubscription}</Badge>
        </Group>
      </Table.Td>
      <Table.Td><Text size="sm">{consoleDate(a.created_at)}</Text></Table.Td>
      <Table.Td>
        <Stack gap={4} align="flex-end">
          <Button
            size="compact-sm"
            variant={a.is_active ? 'subtle' : 'light'}
            color={a.is_active ? 'red' : undefined}
            onClick={() => onToggle(a)}
            aria-label={`${a.is_active ? T.deactivate : T.reactivate} ${a.name}`}
          >
            {a.is_active ? T.deactivate : T.reactivate}
          </Button>
        </Stack>
      </Table.Td>
    </Table.Tr>
  );
}
