import type { z } from 'zod';
import { ADMIN_CHURCH_MESSAGES, type adminChurchListInput, type adminSubscriptionInput } from '../../../../common/schemas/admin-churches.js';
import type { OperatorScope } from '../../../core/scopes.js';
import { notFound } from '../../../core/errors.js';
import { auditOperatorAction } from '../../audit/index.js';
import { associationsOfChurches } from '../associations/index.js';
import { accessLogOf } from '../../privacy/index.js';
import type { adminAccessLogInput } from '../../../../common/schemas/privacy.js';
import { listPagination } from '../../../../common/schemas/paging.js';
import {
  countChurches, findChurch, lockChurch, selectChurchPage, updateSubscription as writeSubscription, usageOf,
  type AdminChurchRow, type ChurchUsage,
} from './queries.js';

/** A church as the console shows it, with its usage counts. The owner's email is the
 * owner user's current one, or the address the church registered with when it has no owner user. */
const toAdminChurchDto = (row: AdminChurchRow, usage: ChurchUsage | undefined, association: ChurchAssociation | undefined) => ({
  id: row.id,
  name: row.name,
  code: row.code,
  email: row.email,
  phone: row.phone,
  owner_email: usage?.ownerEmail ?? row.ownerEmail,
  address: row.address,
  pincode: row.pincode,
  subscription_tier: row.subscriptionTier,
  subscription_status: row.subscriptionStatus,
  subscription_end_date: row.subscriptionEndDate?.toISOString() ?? null,
  /** Free-trial extensions the church took itself (unlimited; counted). */
  trial_extensions: row.trialExtensions,
  created_at: row.createdAt.toISOString(),
  updated_at: row.updatedAt.toISOString(),
  user_count: usage?.userCount ?? 0,
  class_count: usage?.classCount ?? 0,
  media_count: usage?.mediaCount ?? 0,
  /** The association the church is a member of now, or null. */
  association: association ?? null,
});

type ChurchAssociation = { id: string; code: string; name: string };

/**
 * GET /api/admin/churches: a page of churches, newest first. The page shows each church's owner
 * email, a person's data, so the read is audited like a details view: one entry per page.
 */
export async function listChurches({ tx, operator }: OperatorScope, input: z.output<typeof adminChurchListInput>) {
  const filters = { search: input.search, status: input.status };
  const [rows, total] = await Promise.all([
    selectChurchPage(tx, filters, { limit: input.limit, offset: (input.page - 1) * input.limit }),
    countChurches(tx, filters),
  ]);
  const ids = rows.map((r) => r.id);
  const [usage, memberOf] = await Promise.all([usageOf(tx, ids), associationsOfChurches(tx, ids)]);
  await auditOperatorAction(tx, {
    operator, churchId: null, action: 'church.listed', resourceType: 'church', resourceId: null,
    details: { search: input.search ?? null, status: input.status ?? null, page: input.page, limit: input.limit, shown: rows.length },
    description: 'Listed churches',
  });
  return { items: rows.map((row) => toAdminChurchDto(row, usage.get(row.id), memberOf.get(row.id))), pagination: listPagination(total, input.page, input.limit) };
}

/** GET /api/admin/churches/{id}: the church with its counts and owner; audited ('church.viewed'). */
export async function churchDetails({ tx, operator }: OperatorScope, { id }: { id: string }) {
  const row = await findChurch(tx, id);
  if (!row) throw notFound(ADMIN_CHURCH_MESSAGES.churchNotFound);
  const [usage, memberOf] = await Promise.all([usageOf(tx, [id]), associationsOfChurches(tx, [id])]);
  await auditOperatorAction(tx, {
    operator, churchId: id, action: 'church.viewed', resourceType: 'church', resourceId: id,
    details: { code: row.code }, description: `Viewed church ${row.code}`,
  });
  return toAdminChurchDto(row, usage.get(id), memberOf.get(id));
}

const subscriptionOf = (s: { tier: string; status: string; endDate: Date | null; isLifetime: boolean }) => ({
  subscription_tier: s.tier,
  subscription_status: s.status,
  subscription_end_date: s.endDate?.toISOString() ?? null,
  is_lifetime: s.isLifetime,
});

/**
 * PUT /api/admin/churches/{id}/subscription: any tier and status to any other. The
 * church row is locked, changed and the change audited with its old and new values in the one
 * transaction. Church users see it on their next call: each call loads the church afresh.
 */
export async function updateSubscription({ tx, operator }: OperatorScope, input: z.output<typeof adminSubscriptionInput>) {
  const before = await lockChurch(tx, input.id);
  if (!before) throw notFound(ADMIN_CHURCH_MESSAGES.churchNotFound);
  const after = await writeSubscription(tx, input.id, {
    tier: input.subscription_tier, status: input.subscription_status, endDate: input.subscription_end_date,
  });
  const old = subscriptionOf(before);
  const next = subscriptionOf(after);
  await auditOperatorAction(tx, {
    operator, churchId: input.id, action: 'subscription.updated', resourceType: 'subscription', resourceId: input.id,
    details: { old, new: next },
    description: `Changed the subscription of church ${before.code} from ${before.tier}/${before.status} to ${after.tier}/${after.status}`,
  });
  return { message: ADMIN_CHURCH_MESSAGES.subscriptionUpdated, church: { id: input.id, ...next } };
}

/**
 * GET /api/admin/churches/{id}/access-log: a page of the church's access log of children's data,
 * read by an operator (a breach, a complaint to the church); the read is audited in the same
 * transaction ('church.access_log_viewed'), with the filter and how many entries it showed.
 */
export async function churchAccessLog({ tx, operator }: OperatorScope, input: z.output<typeof adminAccessLogInput>) {
  const row = await findChurch(tx, input.id);
  if (!row) throw notFound(ADMIN_CHURCH_MESSAGES.churchNotFound);
  const log = await accessLogOf(tx, input.id, { kind: input.kind }, input);
  await auditOperatorAction(tx, {
    operator, churchId: input.id, action: 'church.access_log_viewed', resourceType: 'church', resourceId: input.id,
    details: { code: row.code, kind: input.kind ?? null, page: input.page, limit: input.limit, shown: log.items.length },
    description: `Viewed the access log of church ${row.code}`,
  });
  return log;
}
