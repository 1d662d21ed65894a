import type { z } from 'zod';
import { RECORD_MESSAGES } from '../../../common/record-messages.js';
import type { recordCreateInput, recordUpdateInput } from '../../../common/schemas/records.js';
import type { TenantScope } from '../../core/scopes.js';
import { notFound } from '../../core/errors.js';
import { auditChurchChange } from '../audit/index.js';
import { toRecordDto, type RecordDto } from './dto.js';
import { deleteRecordRow, insertRecord, lockRecord, selectRecords, updateRecordRow, type RecordRow } from './queries.js';

const recordNotFound = () => notFound(RECORD_MESSAGES.notFound);

/** What the audit entry keeps of a record: where it belongs, not its notes (they may name children). */
const summary = (row: RecordRow) => ({ academic_year: row.academicYear, month: row.month, date: row.date.toISOString() });
const day = (row: RecordRow) => row.date.toISOString().slice(0, 10);

/** GET /api/records (super_admin, principal). */
export async function listRecords({ tx, church }: TenantScope): Promise<RecordDto[]> {
  return (await selectRecords(tx, church.id)).map(toRecordDto);
}

/** POST /api/records: `created_by` is the signed-in user, whatever the body says. */
export async function createRecord({ tx, user, church }: TenantScope, input: z.output<typeof recordCreateInput>): Promise<RecordDto> {
  const row = await insertRecord(tx, church.id, user.id, {
    academicYear: input.academic_year, month: input.month, date: new Date(input.date), notes: input.notes,
  });
  await auditChurchChange(tx, {
    user, action: 'session_record.created', resourceType: 'session_record', resourceId: row.id,
    details: { new: summary(row) }, description: `Session record of ${day(row)} added`,
  });
  return toRecordDto(row);
}

/** PUT /api/records/{id}: fields left out keep their values; another church's id is not found. */
export async function updateRecord({ tx, user, church }: TenantScope, input: z.output<typeof recordUpdateInput>): Promise<RecordDto> {
  const current = await lockRecord(tx, church.id, input.id);
  if (!current) throw recordNotFound();
  const row = await updateRecordRow(tx, church.id, current.id, {
    academicYear: input.academic_year ?? current.academicYear,
    month: input.month ?? current.month,
    date: input.date ? new Date(input.date) : current.date,
    notes: input.notes ?? current.notes,
  });
  await auditChurchChange(tx, {
    user, action: 'session_record.updated', resourceType: 'session_record', resourceId: row.id,
    details: { old: summary(current), new: summary(row), notes_changed: row.notes !== current.notes },
    description: `Session record of ${day(row)} edited`,
  });
  return toRecordDto(row);
}

/** DELETE /api/records/{id}. */
export async function deleteRecord({ tx, user, church }: TenantScope, input: { id: string }) {
  const current = await lockRecord(tx, church.id, input.id);
  if (!current) throw recordNotFound();
  await deleteRecordRow(tx, church.id, current.id);
  await auditChurchChange(tx, {
    user, action: 'session_record.deleted', resourceType: 'session_record', resourceId: current.id,
    details: { old: summary(current) }, description: `Session record of ${day(current)} deleted`,
  });
  return { id: current.id, message: RECORD_MESSAGES.deleted };
}
