import type { z } from 'zod';
import { PRIVACY_MESSAGES, type accessLogInput } from '../../../common/schemas/privacy.js';
import { pageCount } from '../../../common/schemas/paging.js';
import type { TenantScope } from '../../core/scopes.js';
import type { Tx } from '../../db/index.js';
import { accessLogPage, type AccessLogFilter } from './queries.js';

// The access log of children's sensitive data (child_data_reads): every read of a medical note, every
// family export made or downloaded, every read of consent records. Church users may only add to it
// (the tenant role has SELECT and INSERT), and no code deletes an entry: entries are kept at least a
// year, in fact for as long as the church is. An erased child's entries stay with the child unnamed.

/** One church's log page, newest first, as the church's super admin and the operator read it. */
export async function accessLogOf(tx: Tx, churchId: string, filter: AccessLogFilter, paging: { page: number; limit: number }) {
  const { rows, total } = await accessLogPage(tx, churchId, filter, { limit: paging.limit, offset: (paging.page - 1) * paging.limit });
  return {
    items: rows.map((row) => ({
      id: row.id,
      kind: row.kind,
      student_id: row.studentId,
      student_name: row.studentId === null ? PRIVACY_MESSAGES.erasedChild : row.studentName,
      reader_id: row.readerId,
      reader_name: row.readerName,
      reader_role: row.readerRole,
      read_at: row.readAt.toISOString(),
    })),
    pagination: { page: paging.page, pages: pageCount(total, paging.limit), total },
  };
}

/** GET /api/privacy/access-log (super_admin). */
export const churchAccessLog = ({ tx, church }: TenantScope, input: z.output<typeof accessLogInput>) =>
  accessLogOf(tx, church.id, { kind: input.kind, studentId: input.student_id }, input);
