import { sql, type SQL } from 'drizzle-orm';

/** A timestamptz column as ISO 8601 in UTC with microseconds (`2026-12-06T04:34:10.123456Z`): the
 * time a mark was written, compared exactly with a device's tap time and shown as "Saved at". */
export const isoUtc = (column: SQL) => sql<string>`to_char(${column} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"')`;
