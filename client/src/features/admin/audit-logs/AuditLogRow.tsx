import { Badge, Table, Text } from '@mantine/core';
import { localTimestamp } from '../shared/church-dates';
import classes from './AuditLogs.module.css';
import { actionColor, actorOf, detailsText, type AuditEntry } from './audit-entry';

/** The audit log's columns: who and which church or association, action, details, when. */
export const AUDIT_COLUMNS = ['Admin / Church', 'Action', 'Details', 'Timestamp'] as const;

/** An entry of the audit log (newest first), under AUDIT_COLUMNS. */
export function AuditLogRow({ entry }: { entry: AuditEntry }) {
  const actor = actorOf(entry);
  return (
    <Table.Tr data-testid="audit-row">
      <Table.Td>
        <Text fw={500} size="sm" title={actor.title}>{actor.label}</Text>
        {actor.detail ? <Text size="xs" c="dimmed" style={{ overflowWrap: 'anywhere' }}>{actor.detail}</Text> : null}
        {entry.church_name ? <Text size="sm" mt={4}>{entry.church_name}</Text> : null}
        {entry.church_code ? <Text size="xs" c="dimmed">Code: {entry.church_code}</Text> : null}
        {entry.association_name ? <Text size="sm" mt={4} data-testid="audit-association">{entry.association_name}</Text> : null}
        {entry.association_code ? <Text size="xs" c="dimmed">Association code: {entry.association_code}</Text> : null}
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
}
