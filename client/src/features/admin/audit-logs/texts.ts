/** The Audit Logs screen's texts, in one place for the screen and its tests. */
export const AUDIT_TEXTS = {
  title: 'Audit Logs',
  count: 'Records',
  failed: 'The audit logs could not be loaded.',
  empty: 'No audit logs',
  emptyCaption: 'No activity has been recorded yet.',
  removedAdmin: 'Admin (removed)',
  churchUser: 'Church user',
  system: 'System',
} as const;

/** The record counts of the select, among those the server accepts. */
export const AUDIT_LOG_COUNTS = [
  { value: '25', label: '25 records' },
  { value: '50', label: '50 records' },
  { value: '100', label: '100 records' },
] as const;

export type AuditLogCount = 25 | 50 | 100;
export const DEFAULT_COUNT: AuditLogCount = 50;

/** The count of the address (?limit=25|50|100), or the default for anything else. */
export function countParam(value: string | null): AuditLogCount {
  const count = Number(value);
  return count === 25 || count === 50 || count === 100 ? count : DEFAULT_COUNT;
}
