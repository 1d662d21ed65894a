import type { z } from 'zod';
import type { ChurchRole } from '../../../../common/constants.js';
import { ADMIN_PEOPLE_MESSAGES, type adminUserListInput } from '../../../../common/schemas/admin-people.js';
import type { OperatorScope } from '../../../core/scopes.js';
import { conflict, notFound } from '../../../core/errors.js';
import { auditOperatorAction } from '../../audit/index.js';
import { listPagination } from '../../../../common/schemas/paging.js';
import {
  countStudentsIn, countUsers, deleteUserRow, findUserById, lockActiveSuperAdmins, lockUser, selectClassesTaught,
  selectUserPage, unassignClassesOf, type AdminUserRow,
} from './queries.js';

/** A user as the console's user screens show them, with their church; never the password hash. */
const toAdminUserDto = (row: AdminUserRow) => ({
  id: row.id,
  name: row.name,
  email: row.email,
  phone: row.phone,
  role: row.role as ChurchRole,
  is_active: row.isActive,
  is_church_owner: row.isChurchOwner,
  church_id: row.churchId,
  church_name: row.churchName,
  church_code: row.churchCode,
  created_at: row.createdAt.toISOString(),
  updated_at: row.updatedAt.toISOString(),
});

/**
 * GET /api/admin/users: a page of users across churches, newest first. Reading a list of people is
 * an operator read of the churches' people, so it is audited like the details are: one entry with
 * the filters, naming the church when one was chosen (and found: an unknown church id lists nobody).
 */
export async function listUsers({ tx, operator }: OperatorScope, input: z.output<typeof adminUserListInput>) {
  const filters = { churchId: input.church_id, role: input.role };
  const [rows, total] = await Promise.all([
    selectUserPage(tx, filters, { limit: input.limit, offset: (input.page - 1) * input.limit }),
    countUsers(tx, filters),
  ]);
  await auditOperatorAction(tx, {
    operator, churchId: input.church_id && total > 0 ? input.church_id : null,
    action: 'user.listed', resourceType: 'user', resourceId: null,
    details: { church_id: input.church_id ?? null, role: input.role ?? null, page: input.page, limit: input.limit, shown: rows.length },
    description: `Listed users${input.church_id ? ` of church ${rows[0]?.churchCode ?? input.church_id}` : ' of all churches'}`,
  });
  return { items: rows.map(toAdminUserDto), pagination: listPagination(total, input.page, input.limit) };
}

/** GET /api/admin/users/{id}: the user with their classes and how many students those hold; audited. */
export async function userDetails({ tx, operator }: OperatorScope, { id }: { id: string }) {
  const row = await findUserById(tx, id);
  if (!row) throw notFound(ADMIN_PEOPLE_MESSAGES.userNotFound);
  const classRows = await selectClassesTaught(tx, row.churchId, row.id);
  const studentsManaged = await countStudentsIn(tx, row.churchId, classRows.map((c) => c.id));
  await auditOperatorAction(tx, {
    operator, churchId: row.churchId, action: 'user.viewed', resourceType: 'user', resourceId: row.id,
    details: { role: row.role }, description: `Viewed a ${row.role} of church ${row.churchCode}`,
  });
  return {
    ...toAdminUserDto(row),
    classes_taught: classRows.map((c) => ({ id: c.id, class_name: c.className, section: c.section, academic_year: c.academicYear })),
    students_managed: studentsManaged,
    message: ADMIN_PEOPLE_MESSAGES.userLoaded,
  };
}

/**
 * DELETE /api/admin/users/{id}. A church keeps at least one active super admin (409 otherwise).
 * The user's classes become unassigned and their sessions end (the foreign key cascades) in the same
 * transaction as the audit entry; attendance they marked stays.
 */
export async function deleteUser({ tx, operator }: OperatorScope, { id }: { id: string }) {
  const found = await findUserById(tx, id);
  if (!found) throw notFound(ADMIN_PEOPLE_MESSAGES.userNotFound);
  // The church's super admins are locked before the user (the same order in every delete).
  let admins = found.role === 'super_admin' ? await lockActiveSuperAdmins(tx, found.churchId) : undefined;
  const target = await lockUser(tx, found.churchId, id);
  if (!target) throw notFound(ADMIN_PEOPLE_MESSAGES.userNotFound); // deleted meanwhile
  if (target.role === 'super_admin' && target.isActive) {
    admins ??= await lockActiveSuperAdmins(tx, found.churchId);
    if (!admins.some((admin) => admin.id !== target.id)) {
      throw conflict(ADMIN_PEOPLE_MESSAGES.lastSuperAdmin, { reason: 'last_super_admin' });
    }
  }
  const unassigned = await unassignClassesOf(tx, found.churchId, target.id);
  await deleteUserRow(tx, found.churchId, target.id);
  await auditOperatorAction(tx, {
    operator, churchId: found.churchId, action: 'user.deleted', resourceType: 'user', resourceId: target.id,
    details: { role: target.role, email: target.email, unassigned_classes: unassigned },
    description: `Deleted ${target.role} ${target.name} (${target.email}) of church ${found.churchCode}`,
  });
  return { message: ADMIN_PEOPLE_MESSAGES.userDeleted };
}
