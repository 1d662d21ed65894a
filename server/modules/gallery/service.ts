import type { z } from 'zod';
import { DEFAULT_DEPARTMENT, GALLERY_MESSAGES, MEDIA_MESSAGES } from '../../../common/media-limits.js';
import type { GalleryUploadFields, galleryListInput, mediaChildrenInput } from '../../../common/schemas/gallery.js';
import { pageCount } from '../../../common/schemas/paging.js';
import type { TenantScope } from '../../core/scopes.js';
import { badRequest, notFound } from '../../core/errors.js';
import type { Tx } from '../../db/index.js';
import { auditChurchChange } from '../audit/index.js';
import { toMediaItemDto, viewerOf, type MediaItemDto } from './dto.js';
import type { MediaStorage, MediaUrlSigner } from '../media-storage/index.js';
import {
  countMedia, deleteMediaRow, deleteTags, existingStudentIds, insertMediaRows, insertTags, lockMedia, selectDepartments,
  selectMediaPage, selectTaggedChildren, selectTagIds, type MediaRow,
} from './queries.js';
import type { StoredUpload } from './upload.js';

/** What an audit entry keeps of an item: where it belongs and what it is, not its title or file
 * name (either may name a child). */
const summary = (row: MediaRow) => ({
  file_type: row.fileType, file_size: row.fileSize, academic_year: row.academicYear, month: row.month, department: row.department,
});

/** GET /api/gallery: a page of the church's media, newest first, with the gallery's pagination
 * (currentPage, totalPages, total, limit, hasPrev, hasNext). */
export async function listMedia({ tx, user, church }: TenantScope, urls: MediaUrlSigner, input: z.output<typeof galleryListInput>) {
  const viewer = viewerOf(user.role);
  // Those who are not shown media lacking photo consent never get it from the database: the filter
  // is in the page's statement and its count, so pages stay full and totals right.
  const filters = { academicYear: input.academic_year, month: input.month, department: input.department, consentedOnly: !viewer.children };
  const [rows, total] = await Promise.all([
    selectMediaPage(tx, church.id, filters, { limit: input.limit, offset: (input.page - 1) * input.limit }),
    countMedia(tx, church.id, filters),
  ]);
  const tagged = viewer.children ? await selectTaggedChildren(tx, church.id, rows.map((r) => r.id)) : [];
  const totalPages = pageCount(total, input.limit);
  return {
    items: rows.map((row) => toMediaItemDto(row, urls, viewer, tagged)),
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
export async function listDepartments({ tx, church }: TenantScope): Promise<string[]> {
  const found = new Set(await selectDepartments(tx, church.id));
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
  await assertStudentsOfChurch(tx, church.id, fields.student_ids);
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
  await insertTags(tx, church.id, rows.map((r) => r.id), fields.student_ids, user.id);
  for (const row of rows) {
    await auditChurchChange(tx, {
      user, action: 'media.uploaded', resourceType: 'media', resourceId: row.id,
      details: { new: { ...summary(row), tagged_children: fields.student_ids } },
      description: `Gallery ${row.fileType} of ${row.academicYear}/${row.month} uploaded`,
    });
  }
  const viewer = viewerOf(user.role);
  const tagged = viewer.children ? await selectTaggedChildren(tx, church.id, rows.map((r) => r.id)) : [];
  return { items: rows.map((row) => toMediaItemDto(row, urls, viewer, tagged)), message: MEDIA_MESSAGES.uploaded };
}

/** DELETE /api/gallery/{id}: the row and its audit entry now, its files once that has committed. */
export async function deleteMedia({ tx, user, afterCommit, church }: TenantScope, storage: MediaStorage, input: { id: string }) {
  const row = await lockMedia(tx, church.id, input.id);
  if (!row) throw notFound(GALLERY_MESSAGES.notFound);
  await deleteMediaRow(tx, church.id, row.id);
  await auditChurchChange(tx, {
    user, action: 'media.deleted', resourceType: 'media', resourceId: row.id,
    details: { old: summary(row) }, description: `Gallery ${row.fileType} of ${row.academicYear}/${row.month} deleted`,
  });
  const keys = [row.filePath, row.thumbnailPath, row.webPath].filter((name): name is string => Boolean(name))
    .map((name) => `${row.churchId}/${name}`);
  afterCommit(() => storage.deleteMany(keys));
  return { id: row.id, message: GALLERY_MESSAGES.deleted };
}

/** Refuses the list unless every id is a student of the transaction's church (row-level security
 * hides another church's students, so theirs are refused as unknown). */
export async function assertStudentsOfChurch(tx: Tx, churchId: string, studentIds: readonly string[]): Promise<void> {
  const found = await existingStudentIds(tx, churchId, studentIds);
  if (studentIds.some((id) => !found.has(id))) {
    throw badRequest(GALLERY_MESSAGES.childrenNotInChurch, { reason: 'media_children_invalid' });
  }
}

/**
 * PUT /api/gallery/{id}/children: the children shown in the item, the whole list (it replaces the
 * tags; [] removes them all), under the item's row lock so two edits apply one after the other.
 * Audited with the children's ids, never their names (the log outlives a child's erasure).
 */
export async function tagChildren(scope: TenantScope, input: z.output<typeof mediaChildrenInput>) {
  const { tx, user, church } = scope;
  const row = await lockMedia(tx, church.id, input.id);
  if (!row) throw notFound(GALLERY_MESSAGES.notFound);
  await assertStudentsOfChurch(tx, church.id, input.student_ids);
  const before = await selectTagIds(tx, church.id, row.id);
  const added = input.student_ids.filter((id) => !before.includes(id));
  const removed = before.filter((id) => !input.student_ids.includes(id));
  await deleteTags(tx, church.id, row.id, removed);
  await insertTags(tx, church.id, [row.id], added, user.id);
  if (added.length || removed.length) {
    await auditChurchChange(tx, {
      user, action: 'media.children_tagged', resourceType: 'media', resourceId: row.id,
      details: { added, removed, tagged: input.student_ids.length },
      description: `Children tagged in a gallery ${row.fileType} of ${row.academicYear}/${row.month}`,
    });
  }
  const tagged = await selectTaggedChildren(tx, church.id, [row.id]);
  return {
    id: row.id,
    children: tagged.map((c) => ({ id: c.id, name: c.name, photo_consent: c.photoConsent })),
    consent_missing: tagged.some((c) => !c.photoConsent),
    message: GALLERY_MESSAGES.childrenTagged,
  };
}
