import { Badge, Table, Text } from '@mantine/core';
import { localTimestamp } from '../shared/church-dates';
import classes from './AuditLogs.module.css';
import { actionColor, actorOf, detailsText, type AuditEntry } from './audit-entry';

/** The entries, newest first (02 section 2.18): who and which church, action, details, when. */
export function AuditLogTable({ entries }: { entries: readonly AuditEntry[] }) {
  return (
    <Table.ScrollContainer minWidth={760} type="native">
      <Table striped verticalSpacing="sm" data-testid="audit-table">
        <Table.Thead>
          <Table.Tr>
            <Table.Th>Admin / Church</Table.Th>
            <Table.Th>Action</Table.Th>
            <Table.Th>Details</Table.Th>
            <Table.Th>Timestamp</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {entries.map((entry) => {
            const actor = actorOf(entry);
            return (
              <Table.Tr key={entry.id} data-testid="audit-row">
                <Table.Td>
                  <Text fw={500} size="sm" title={actor.title}>{actor.label}</Text>
                  {actor.detail ? <Text size="xs" c="dimmed" style={{ overflowWrap: 'anywhere' }}>{actor.detail}</Text> : null}
                  {entry.church_name ? <Text size="sm" mt={4}>{entry.church_name}</Text> : null}
                  {entry.church_code ? <Text size="xs" c="dimmed">Code: {entry.church_code}</Text> : null}
                </Table.Td>
                <Table.Td>
                  <Badge color={actionColor(entry.action)} variant="light" tt="none" className={classes.action} data-testid="action-badge">{entry.action}</Badge>
                </Table.Td>
                <Table.Td>
                  <Text size="sm" fw={500}>{entry.resource_type}</Text>
                  {entry.description ? <Text size="xs" c="dimmed" style={{ overflowWrap: 'anywhere' }}>{entry.description}</Text> : null}
                  {entry.details === null ? null : <pre className={classes.json} data-testid="audit-details">{detailsText(entry.details)}</pre>}
                </Table.Td>
                <Table.Td>
                  <Text size="sm"><time dateTime={entry.created_at}>{localTimestamp(entry.created_at)}</time></Text>
                </Table.Td>
              </Table.Tr>
            );
          })}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}
