import { createHash } from 'node:crypto';
import type { z } from 'zod';
import { ADMIN_PLAN_MESSAGES, rupeesToPaise, type adminPlanUpdateInput } from '../../../../common/schemas/admin-plans.js';
import type { OperatorScope } from '../../../core/scopes.js';
import { conflict, notFound } from '../../../core/errors.js';
import { auditOperatorAction } from '../../audit/index.js';
import { listPagination } from '../../../../common/schemas/paging.js';
import { lockPlan, selectPlans, updatePlan, type PlanChanges, type PlanRow } from './queries.js';

const EDITABLE: ReadonlyArray<keyof PlanChanges> = [
  'pricePaise', 'maxPrincipals', 'maxTeachers', 'maxStudents', 'maxClasses', 'storageQuotaMb', 'description', 'features',
];
/** How each editable field is named in the API and the audit entry. */
const FIELD_NAMES: Record<keyof PlanChanges, string> = {
  pricePaise: 'price_paise', maxPrincipals: 'max_principals', maxTeachers: 'max_teachers', maxStudents: 'max_students',
  maxClasses: 'max_classes', storageQuotaMb: 'storage_quota_mb', description: 'description', features: 'features',
};

/** A plan's version: a digest of its editable values. The plans table keeps no revision of its own,
 * and two saves of the same values are the same plan. */
const versionOf = (plan: PlanRow) =>
  createHash('sha256').update(JSON.stringify(EDITABLE.map((field) => plan[field]))).digest('hex').slice(0, 16);

/** A plan as the console edits it: the price in rupees and in paise; limits -1 for unlimited. */
const toAdminPlanDto = (plan: PlanRow) => ({
  tier: plan.tier,
  name: plan.name,
  description: plan.description,
  price: plan.pricePaise / 100,
  price_paise: plan.pricePaise,
  duration_days: plan.durationDays,
  max_principals: plan.maxPrincipals,
  max_teachers: plan.maxTeachers,
  max_students: plan.maxStudents,
  max_classes: plan.maxClasses,
  storage_quota_mb: plan.storageQuotaMb,
  features: plan.features,
  version: versionOf(plan),
});

/** GET /api/admin/plans: the four plans (their tiers are fixed). */
export async function listPlans({ tx }: OperatorScope) {
  const rows = await selectPlans(tx);
  return { items: rows.map(toAdminPlanDto), pagination: listPagination(rows.length, 1, Math.max(rows.length, 1)) };
}

const same = (a: unknown, b: unknown) => JSON.stringify(a) === JSON.stringify(b);

/**
 * PUT /api/admin/plans/{tier}: price, limits, description and features of one plan. The price is
 * read when an order is made, and an order keeps the amount it was made with, so a change applies to
 * new orders only: a church that already paid keeps its plan until it renews at the new price.
 * Limits are read on every check, so they apply to the plan's churches at once (what they already
 * have stays; only additions beyond a lowered limit are refused). The plan is locked, compared with
 * the version the console loaded (409 when someone changed it meanwhile), changed and audited with
 * the old and new value of each changed field in the one transaction; an unchanged plan writes nothing.
 */
export async function updatePlanOf({ tx, operator }: OperatorScope, input: z.output<typeof adminPlanUpdateInput>) {
  const before = await lockPlan(tx, input.tier);
  if (!before) throw notFound(ADMIN_PLAN_MESSAGES.planNotFound);
  if (versionOf(before) !== input.version) throw conflict(ADMIN_PLAN_MESSAGES.changedMeanwhile, { reason: 'plan_changed' });

  const next: PlanChanges = {
    pricePaise: rupeesToPaise(input.price),
    maxPrincipals: input.max_principals,
    maxTeachers: input.max_teachers,
    maxStudents: input.max_students,
    maxClasses: input.max_classes,
    storageQuotaMb: input.storage_quota_mb,
    description: input.description,
    features: input.features,
  };
  const changed = EDITABLE.filter((field) => !same(before[field], next[field]));
  if (changed.length === 0) return { message: ADMIN_PLAN_MESSAGES.unchanged, plan: toAdminPlanDto(before) };

  const after = await updatePlan(tx, input.tier, next);
  const changes = Object.fromEntries(changed.map((field) => [FIELD_NAMES[field], { old: before[field], new: after[field] }]));
  await auditOperatorAction(tx, {
    operator, churchId: null, action: 'plan.updated', resourceType: 'plan', resourceId: input.tier,
    details: { tier: input.tier, changes },
    description: `Changed the ${before.name}: ${changed.map((field) => FIELD_NAMES[field]).join(', ')}`,
  });
  return { message: ADMIN_PLAN_MESSAGES.updated, plan: toAdminPlanDto(after) };
}
