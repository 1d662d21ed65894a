import { z } from 'zod';
import { idSchema } from './classes.js';
import { pageNumber } from './paging.js';
import { plainString } from './text.js';

/** Messages of the operator console's users, media and audit-log calls. */
export const ADMIN_PEOPLE_MESSAGES = {
  userIdInvalid: 'The user id is not valid',
  userNotFound: 'User not found',
  userDeleted: 'User deleted successfully',
  lastSuperAdmin: 'This user is the last active super admin of their church and cannot be deleted. '
    + 'The church needs another active super admin first.',
  userLoaded: 'User details loaded',
  mediaIdInvalid: 'The media id is not valid',
  mediaNotFound: 'Media not found',
  mediaDeleted: 'Media deleted successfully!',
  mediaLoaded: 'Media details loaded',
  churchIdInvalid: 'church_id must be a church id',
  roleInvalid: 'role must be super_admin, principal, teacher or guest',
  typeInvalid: 'type must be image, video or document',
  actionInvalid: 'action must be an action name of at most 100 characters',
  auditLimitInvalid: 'limit must be 5, 25, 50 or 100',
} as const;

/** Users on a page of the console and the most a caller may ask for. */
const ADMIN_USERS_PAGE_SIZE = 10;
/** Media items on a page of the console. */
const ADMIN_MEDIA_PAGE_SIZE = 20;
const ADMIN_MAX_PAGE_SIZE = 100;
const MAX_PAGE = 1_000_000;

/** The record counts of the audit log: 5 for the overview's recent activity, 25, 50 or 100 for the list. */
const AUDIT_LOG_LIMITS = [5, 25, 50, 100] as const;
export const AUDIT_LOG_DEFAULT_LIMIT = 25;

const ADMIN_MEDIA_TYPES = ['image', 'video', 'document'] as const;
export type AdminMediaType = (typeof ADMIN_MEDIA_TYPES)[number];

/** A query-string filter: missing or blank ("All ...") means no filter. */
const optionalFilter = <T extends z.ZodType>(schema: T) =>
  z.preprocess((v) => (v === null || (typeof v === 'string' && v.trim() === '') ? undefined : v), schema.optional());

const churchIdFilter = optionalFilter(idSchema(ADMIN_PEOPLE_MESSAGES.churchIdInvalid));

/** GET /api/admin/users: church and role filters, 10 a page by default. */
export const adminUserListInput = z.object({
  church_id: churchIdFilter,
  role: optionalFilter(z.enum(['super_admin', 'principal', 'teacher', 'guest'], { error: ADMIN_PEOPLE_MESSAGES.roleInvalid })),
  page: pageNumber(MAX_PAGE, 1),
  limit: pageNumber(ADMIN_MAX_PAGE_SIZE, ADMIN_USERS_PAGE_SIZE),
}).prefault({}); // no input at all (tRPC) is no filter, the first page

export const adminUserIdInput = z.object({ id: idSchema(ADMIN_PEOPLE_MESSAGES.userIdInvalid) });

/** GET /api/admin/media: church and type filters, 20 a page by default. */
export const adminMediaListInput = z.object({
  church_id: churchIdFilter,
  type: optionalFilter(z.enum(ADMIN_MEDIA_TYPES, { error: ADMIN_PEOPLE_MESSAGES.typeInvalid })),
  page: pageNumber(MAX_PAGE, 1),
  limit: pageNumber(ADMIN_MAX_PAGE_SIZE, ADMIN_MEDIA_PAGE_SIZE),
}).prefault({});

export const adminMediaIdInput = z.object({ id: idSchema(ADMIN_PEOPLE_MESSAGES.mediaIdInvalid) });

/** GET /api/admin/audit-logs: newest first, optionally of one church, one association or one action; 25 by default. */
export const adminAuditLogListInput = z.object({
  church_id: churchIdFilter,
  association_id: optionalFilter(idSchema('The association id is not valid')),
  action: optionalFilter(plainString({ error: ADMIN_PEOPLE_MESSAGES.actionInvalid }).trim()
    .max(100, ADMIN_PEOPLE_MESSAGES.actionInvalid)),
  limit: z.preprocess(
    (v) => (v === undefined || v === null || v === '' ? undefined : typeof v === 'string' ? Number(v) : v),
    z.literal(AUDIT_LOG_LIMITS, { error: ADMIN_PEOPLE_MESSAGES.auditLimitInvalid })
      .default(AUDIT_LOG_DEFAULT_LIMIT),
  ),
}).prefault({});
