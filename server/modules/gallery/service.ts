import type { z } from 'zod';
import { DEFAULT_DEPARTMENT, GALLERY_MESSAGES, MEDIA_MESSAGES, seesOriginals } from '../../../common/media-limits.js';
import type { GalleryUploadFields, galleryListInput } from '../../../common/schemas/gallery.js';
import { pageCount } from '../../../common/schemas/paging.js';
import type { TenantScope } from '../../core/scopes.js';
import { notFound } from '../../core/errors.js';
import { auditChurchChange } from '../audit/index.js';
import { toMediaItemDto, type MediaItemDto } from './dto.js';
import type { MediaStorage, MediaUrlSigner } from '../media-storage/index.js';
import { countMedia, deleteMediaRow, insertMediaRows, lockMedia, selectDepartments, selectMediaPage, type MediaRow } from './queries.js';
import type { StoredUpload } from './upload.js';

/** What an audit entry keeps of an item: where it belongs and what it is, not its title or file
 * name (either may name a child). */
const summary = (row: MediaRow) => ({
  file_type: row.fileType, file_size: row.fileSize, academic_year: row.academicYear, month: row.month, department: row.department,
});

/** GET /api/gallery: a page of the church's media, newest first, with the gallery's pagination
 * (currentPage, totalPages, total, limit, hasPrev, hasNext). */
export async function listMedia({ tx, user }: TenantScope, urls: MediaUrlSigner, input: z.output<typeof galleryListInput>) {
  const filters = { academicYear: input.academic_year, month: input.month, department: input.department };
  const [rows, total] = await Promise.all([
    selectMediaPage(tx, filters, { limit: input.limit, offset: (input.page - 1) * input.limit }),
    countMedia(tx, filters),
  ]);
  const totalPages = pageCount(total, input.limit);
  return {
    items: rows.map((row) => toMediaItemDto(row, urls, { originals: seesOriginals(user.role) })),
    urls_expire_at: urls.expiryOfNew().toISOString(),
    pagination: {
      currentPage: input.page,
      totalPages,
      total,
      limit: input.limit,
      hasPrev: input.page > 1,
      hasNext: input.page < totalPages,
    },
  };
}

/** GET /api/gallery/departments: those the church's media carry, and always the default one. */
export async function listDepartments({ tx }: TenantScope): Promise<string[]> {
  const found = new Set(await selectDepartments(tx));
  found.add(DEFAULT_DEPARTMENT);
  return [...found].sort();
}

/**
 * The rows of files already in storage (POST /api/gallery/upload), all in this transaction with
 * an audit entry each. The caller removes the files if this throws, so there is never a file
 * without a row, nor a row without its files.
 */
export async function saveUploadedMedia(
  { tx, user, church }: TenantScope, urls: MediaUrlSigner, fields: GalleryUploadFields, files: readonly StoredUpload[],
): Promise<{ items: MediaItemDto[]; message: string }> {
  const rows = await insertMediaRows(tx, files.map((file) => ({
    churchId: church.id,
    title: fields.title,
    description: fields.description,
    academicYear: fields.academic_year,
    month: fields.month,
    department: fields.department,
    fileType: file.mime,
    fileName: file.originalName,
    filePath: file.name,
    fileSize: file.bytes,
    copiesSize: file.copiesBytes,
    thumbnailPath: file.thumbnailName,
    webPath: file.webName,
    uploadedBy: user.id,
    uploadedByName: user.name,
  })));
  for (const row of rows) {
    await auditChurchChange(tx, {
      user, action: 'media.uploaded', resourceType: 'media', resourceId: row.id,
      details: { new: summary(row) }, description: `Gallery ${row.fileType} of ${row.academicYear}/${row.month} uploaded`,
    });
  }
  return { items: rows.map((row) => toMediaItemDto(row, urls, { originals: seesOriginals(user.role) })), message: MEDIA_MESSAGES.uploaded };
}

/** DELETE /api/gallery/{id}: the row and its audit entry now, its files once that has committed. */
export async function deleteMedia({ tx, user, afterCommit }: TenantScope, storage: MediaStorage, input: { id: string }) {
  const row = await lockMedia(tx, input.id);
  if (!row) throw notFound(GALLERY_MESSAGES.notFound);
  await deleteMediaRow(tx, row.id);
  await auditChurchChange(tx, {
    user, action: 'media.deleted', resourceType: 'media', resourceId: row.id,
    details: { old: summary(row) }, description: `Gallery ${row.fileType} of ${row.academicYear}/${row.month} deleted`,
  });
  const keys = [row.filePath, row.thumbnailPath, row.webPath].filter((name): name is string => Boolean(name))
    .map((name) => `${row.churchId}/${name}`);
  afterCommit(() => storage.deleteMany(keys));
  return { id: row.id, message: GALLERY_MESSAGES.deleted };
}
