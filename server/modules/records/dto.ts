import type { RecordRow } from './queries.js';

/** A session record as the client shows it; `date` is an ISO date-time in UTC. */
export function toRecordDto(row: RecordRow) {
  return {
    id: row.id,
    academic_year: row.academicYear,
    month: row.month,
    date: row.date.toISOString(),
    notes: row.notes,
    created_by: row.createdBy,
    created_at: row.createdAt.toISOString(),
    updated_at: row.updatedAt.toISOString(),
  };
}
export type RecordDto = ReturnType<typeof toRecordDto>;
