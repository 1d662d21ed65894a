import { z } from 'zod';
import {
  GALLERY_MESSAGES, GALLERY_PAGE_SIZE, GALLERY_MAX_PAGE_SIZE, DEFAULT_DEPARTMENT, MEDIA_MAX_TAGGED_CHILDREN,
} from '../media-limits.js';
import { academicYearSchema, idSchema, textField } from './classes.js';
import { monthSchema } from './month.js';
import { pageNumber } from './paging.js';

const TITLE_MAX_LENGTH = 200;
const DESCRIPTION_MAX_LENGTH = 2000;
const DEPARTMENT_MAX_LENGTH = 60;

/** A department as stored: trimmed, lower case, words joined by `_` ('Sunday School' -> 'sunday_school'). */
const departmentSchema = textField(GALLERY_MESSAGES.departmentInvalid)
  .trim()
  .max(DEPARTMENT_MAX_LENGTH, GALLERY_MESSAGES.departmentInvalid)
  .transform((v) => v.toLowerCase().replace(/[^a-z0-9]+/g, '_').replace(/^_+|_+$/g, ''))
  .refine((v) => v.length > 0, GALLERY_MESSAGES.departmentInvalid);

/** A query-string filter: blank means no filter. */
const optionalFilter = <T extends z.ZodType>(schema: T) =>
  z.preprocess((v) => (typeof v === 'string' && v.trim() === '' ? undefined : v), schema.optional());

/** GET /api/gallery: filters (the guest view adds department), newest first, 12 a page by default. */
export const galleryListInput = z.object({
  academic_year: optionalFilter(academicYearSchema),
  month: optionalFilter(monthSchema),
  department: optionalFilter(departmentSchema),
  page: pageNumber(1_000_000, 1),
  limit: pageNumber(GALLERY_MAX_PAGE_SIZE, GALLERY_PAGE_SIZE),
}).optional().transform((v) => v ?? { page: 1, limit: GALLERY_PAGE_SIZE });

/** The children shown in an item: student ids, each once, at most MEDIA_MAX_TAGGED_CHILDREN. */
const taggedChildren = z.array(idSchema(GALLERY_MESSAGES.studentIdInvalid))
  .max(MEDIA_MAX_TAGGED_CHILDREN, GALLERY_MESSAGES.tooManyChildren)
  .transform((ids) => [...new Set(ids.map((id) => id.toLowerCase()))]);

/**
 * The text fields of POST /api/gallery/upload (multipart) and of the upload form. The client's
 * `file_type` field is not read: the server takes each file's type from its content.
 */
export const galleryUploadFields = z.object({
  title: textField(GALLERY_MESSAGES.titleRequired).trim().min(1, GALLERY_MESSAGES.titleRequired)
    .max(TITLE_MAX_LENGTH, GALLERY_MESSAGES.titleTooLong),
  description: textField(GALLERY_MESSAGES.descriptionTooLong).trim().max(DESCRIPTION_MAX_LENGTH, GALLERY_MESSAGES.descriptionTooLong)
    .optional().transform((v) => v || null),
  academic_year: academicYearSchema,
  month: monthSchema,
  department: optionalFilter(departmentSchema).transform((v) => v ?? DEFAULT_DEPARTMENT),
  /** The children shown in every file of the upload: a multipart field of comma-separated ids (the
   * form gives a list); blank or absent tags none. */
  student_ids: z.preprocess(
    (v) => (typeof v === 'string' ? v.split(',').map((id) => id.trim()).filter(Boolean) : v),
    taggedChildren.optional(),
  ).transform((v) => v ?? []),
});
export type GalleryUploadFields = z.output<typeof galleryUploadFields>;

export const mediaIdInput = z.object({ id: idSchema(GALLERY_MESSAGES.idInvalid) });

/** PUT /api/gallery/{id}/children: the whole list of the children shown in the item ([] untags all). */
export const mediaChildrenInput = z.object({
  id: idSchema(GALLERY_MESSAGES.idInvalid),
  student_ids: taggedChildren,
});
