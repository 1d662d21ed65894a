import type { z } from 'zod';
import { ADMIN_PEOPLE_MESSAGES, type adminMediaListInput } from '../../../../common/schemas/admin-people.js';
import type { OperatorScope } from '../../../core/scopes.js';
import { notFound } from '../../../core/errors.js';
import { auditOperatorAction } from '../../audit/index.js';
import type { MediaStorage, MediaUrlSigner } from '../../media-storage/index.js';
import { listPagination } from '../../../../common/schemas/paging.js';
import { countMedia, deleteMediaRow, findMediaById, selectMediaPage, type AdminMediaRow } from './queries.js';

/**
 * A media item as the console shows it, with its church. `file_url` is signed
 * like the gallery's (it works without a session for a few minutes); `file_path` is the stored name.
 */
function toAdminMediaDto(row: AdminMediaRow, urls: MediaUrlSigner) {
  return {
    id: row.id,
    filename: row.fileName,
    title: row.title,
    description: row.description,
    file_type: row.fileType,
    file_size: row.fileSize,
    // An operator is not held to a church's photo consent: the manager's audience.
    file_url: urls.urlFor(row.churchId, row.filePath, 'm'),
    file_path: row.filePath,
    church_id: row.churchId,
    church_name: row.churchName,
    church_code: row.churchCode,
    uploaded_by_name: row.uploadedByName,
    upload_date: row.createdAt.toISOString(),
    academic_year: row.academicYear,
    department: row.department,
  };
}

/** What an audit entry keeps of an item: where it belongs and what it is, not its title or file
 * name (either may name a child). */
const summary = (row: AdminMediaRow) => ({
  file_type: row.fileType, file_size: row.fileSize, academic_year: row.academicYear, department: row.department,
});

/** GET /api/admin/media: a page of media across churches, newest first; the read is audited once,
 * with its filters (naming the church when one was chosen and it has media). */
export async function listMedia({ tx, operator }: OperatorScope, urls: MediaUrlSigner, input: z.output<typeof adminMediaListInput>) {
  const filters = { churchId: input.church_id, type: input.type };
  const [rows, total] = await Promise.all([
    selectMediaPage(tx, filters, { limit: input.limit, offset: (input.page - 1) * input.limit }),
    countMedia(tx, filters),
  ]);
  await auditOperatorAction(tx, {
    operator, churchId: input.church_id && total > 0 ? input.church_id : null,
    action: 'media.listed', resourceType: 'media', resourceId: null,
    details: { church_id: input.church_id ?? null, type: input.type ?? null, page: input.page, limit: input.limit, shown: rows.length },
    description: `Listed media${input.church_id ? ` of church ${rows[0]?.churchCode ?? input.church_id}` : ' of all churches'}`,
  });
  return { items: rows.map((row) => toAdminMediaDto(row, urls)), pagination: listPagination(total, input.page, input.limit) };
}

/** GET /api/admin/media/{id}: one item; audited. */
export async function mediaDetails({ tx, operator }: OperatorScope, urls: MediaUrlSigner, { id }: { id: string }) {
  const row = await findMediaById(tx, id);
  if (!row) throw notFound(ADMIN_PEOPLE_MESSAGES.mediaNotFound);
  await auditOperatorAction(tx, {
    operator, churchId: row.churchId, action: 'media.viewed', resourceType: 'media', resourceId: row.id,
    details: summary(row), description: `Viewed a ${row.fileType} of church ${row.churchCode}`,
  });
  return { ...toAdminMediaDto(row, urls), message: ADMIN_PEOPLE_MESSAGES.mediaLoaded };
}

/**
 * DELETE /api/admin/media/{id}: the row and its audit entry in the transaction, then every stored
 * file of it (original, thumbnail, web copy) once that has committed: a rollback never leaves a row
 * whose files are gone.
 */
export async function deleteMedia({ tx, operator, afterCommit }: OperatorScope, storage: MediaStorage, { id }: { id: string }) {
  const row = await findMediaById(tx, id);
  if (!row || !(await deleteMediaRow(tx, row.churchId, row.id))) throw notFound(ADMIN_PEOPLE_MESSAGES.mediaNotFound);
  await auditOperatorAction(tx, {
    operator, churchId: row.churchId, action: 'media.deleted', resourceType: 'media', resourceId: row.id,
    details: { old: summary(row) }, description: `Deleted a ${row.fileType} of church ${row.churchCode}`,
  });
  const keys = [row.filePath, row.thumbnailPath, row.webPath].filter((name): name is string => Boolean(name))
    .map((name) => `${row.churchId}/${name}`);
  afterCommit(() => storage.deleteMany(keys));
  return { message: ADMIN_PEOPLE_MESSAGES.mediaDeleted };
}
