import type { z } from 'zod';
import { isConsumerMail, MESSAGES, type ChurchRole } from '../../../common/constants.js';
import { PASSWORD_MESSAGES } from '../../../common/schemas/password.js';
import { USER_MESSAGES, type userCreateInput, type userUpdateInput } from '../../../common/schemas/users.js';
import { assignableRoles, can } from '../../../common/permissions.js';
import type { TenantScope } from '../../core/scopes.js';
import type { Services } from '../../services.js';
import type { Tx } from '../../db/index.js';
import { badRequest, conflict, forbidden, notFound } from '../../core/errors.js';
import { hashPassword } from '../credentials/index.js';
import { googleOnly } from '../google-identity/index.js';
import { assertWithinPlanLimit } from '../subscription/index.js';
import { auditChurchChange } from '../audit/index.js';
import { toManagedUserDto, toUserClassDto, type ManagedUserDto, type UserRow } from './dto.js';
import {
  deleteUserRow, findUser, findUserByEmail, insertUser, lockUser, selectClassesOf, selectUsers, unassignClassesOf,
  updateUserRow,
} from './queries.js';

/** Roles that count against a plan limit, with the limit's key. */
const LIMITED: Partial<Record<ChurchRole, 'principals' | 'teachers'>> = { principal: 'principals', teacher: 'teachers' };

async function withClasses(tx: Tx, churchId: string, rows: UserRow[]): Promise<ManagedUserDto[]> {
  const classRows = await selectClassesOf(tx, churchId, rows.filter((r) => r.role === 'teacher').map((r) => r.id));
  return rows.map((row) => toManagedUserDto(row, classRows.filter((c) => c.teacherId === row.id)));
}

/** GET /api/users/teachers (super_admin, principal): every teacher, active or not, with their classes. */
export async function listTeachers({ tx, church }: TenantScope) {
  return withClasses(tx, church.id, await selectUsers(tx, church.id, 'teacher'));
}

/** GET /api/users (super_admin): every user of the church; teachers with their classes. */
export async function listUsers({ tx, church }: TenantScope) {
  return withClasses(tx, church.id, await selectUsers(tx, church.id));
}

/** GET /api/users/{id}/classes: a teacher asks for their own; super admins and principals for anyone. */
export async function classesOfUser({ tx, user, church }: TenantScope, { id }: { id: string }) {
  if (!can(user.role, 'manageTeachers') && id !== user.id) throw forbidden(MESSAGES.notAllowed);
  if (!(await findUser(tx, church.id, id))) throw notFound(USER_MESSAGES.notFound);
  return (await selectClassesOf(tx, church.id, [id])).map(toUserClassDto);
}

/** The unique index users_church_email_key (church, lower(email)): two requests raced past the check. */
function isEmailTaken(error: unknown): boolean {
  for (let e = error, depth = 0; e && depth < 4; e = (e as { cause?: unknown }).cause, depth++) {
    const { code, constraint_name: a, constraint: b } = e as { code?: string; constraint_name?: string; constraint?: string };
    if (code === '23505' && (a ?? b ?? 'users_church_email_key') === 'users_church_email_key') return true;
  }
  return false;
}

async function emailAware<T>(fn: () => Promise<T>): Promise<T> {
  try {
    return await fn();
  } catch (error) {
    if (isEmailTaken(error)) throw conflict(USER_MESSAGES.emailTaken, { reason: 'email_taken' });
    throw error;
  }
}

async function assertEmailFree(tx: Tx, churchId: string, email: string, exceptId?: string) {
  if (await findUserByEmail(tx, churchId, email, exceptId)) throw conflict(USER_MESSAGES.emailTaken, { reason: 'email_taken' });
}

/** The role a user of `actor`'s role may give; a principal adds teachers only. */
function assertAssignable(actor: ChurchRole, role: ChurchRole) {
  if (assignableRoles(actor).includes(role)) return;
  if (role === 'super_admin') throw forbidden(USER_MESSAGES.superAdminRoleNotAssignable);
  throw forbidden(USER_MESSAGES.roleNotAllowed);
}

/** A church procedure's scope, with the services that say whether Google sign-in is configured. */
type UsersScope = TenantScope & { services: Pick<Services, 'google'> };

/** POST /api/users (super_admin any of teacher, principal, guest; principal teachers only). A Gmail
 * account gets no password and signs in with Google while Google sign-in is configured; any other
 * (and a Gmail account until then) needs one that meets the policy. */
export async function createUser({ tx, user, church, services }: UsersScope, input: z.output<typeof userCreateInput>) {
  const role = input.role ?? 'teacher';
  assertAssignable(user.role, role);
  const google = googleOnly(services, input.email);
  if (google && input.password) throw badRequest(USER_MESSAGES.noPasswordForGoogle);
  if (!google && !input.password) throw badRequest(PASSWORD_MESSAGES.required);
  await assertEmailFree(tx, church.id, input.email);
  // Hashed before the plan-limit check, which locks the church row until the transaction ends.
  const passwordHash = input.password ? await hashPassword(input.password) : null;
  const limited = LIMITED[role];
  if (limited) await assertWithinPlanLimit(tx, church, limited);
  const row = await emailAware(() => insertUser(tx, {
    churchId: church.id, name: input.name, email: input.email, phone: input.phone ?? null, role, passwordHash,
  }));
  await auditChurchChange(tx, {
    user, action: 'user.created', resourceType: 'user', resourceId: row.id,
    details: { role, email: row.email, signs_in_with_google: google },
    description: `Added ${role} ${row.name} (${row.email})`,
  });
  return { ...toManagedUserDto(row), message: role === 'teacher' ? USER_MESSAGES.teacherCreated : USER_MESSAGES.userCreated };
}

/**
 * PUT /api/users/{id} (super_admin; a principal is told only a super admin edits users). Fields left
 * out keep their values, a blank password keeps the old one. Deactivating, a new role or a new
 * password ends the user's sessions at once (trigger users_end_sessions). A teacher who stops being
 * one leaves their classes unassigned.
 */
export async function updateUser({ tx, user, church, services }: UsersScope, input: z.output<typeof userUpdateInput>) {
  if (!can(user.role, 'manageAllUsers')) throw forbidden(USER_MESSAGES.onlySuperAdminEdits);
  const target = await lockUser(tx, church.id, input.id);
  if (!target) throw notFound(USER_MESSAGES.notFound);
  const self = target.id === user.id;

  const role = input.role ?? (target.role as ChurchRole);
  const roleChanged = role !== target.role;
  if (roleChanged) {
    if (self) throw forbidden(USER_MESSAGES.cannotChangeOwnRole);
    if (target.role === 'super_admin') throw forbidden(USER_MESSAGES.superAdminFixed);
    assertAssignable(user.role, role);
  }
  const isActive = input.is_active ?? target.isActive;
  if (!isActive && target.isActive) {
    if (self) throw forbidden(USER_MESSAGES.cannotDeactivateSelf);
    if (target.role === 'super_admin') throw forbidden(USER_MESSAGES.superAdminFixed);
  }

  const email = input.email ?? target.email;
  const emailChanged = email.toLowerCase() !== target.email.toLowerCase();
  if (emailChanged) await assertEmailFree(tx, church.id, email, target.id);
  const google = googleOnly(services, email);
  if (google && input.password) throw badRequest(USER_MESSAGES.noPasswordForGoogle);
  let passwordHash = google ? null : target.passwordHash;
  if (!google && input.password) passwordHash = await hashPassword(input.password);
  // A Gmail account moved to another address, or kept while Google sign-in is not configured, needs a
  // password to sign in with from now on. (A user without a password on another address, e.g. a
  // Google Workspace super admin, keeps using Google.)
  if (!google && passwordHash === null && isConsumerMail(target.email)) throw badRequest(PASSWORD_MESSAGES.required);

  const limited = LIMITED[role];
  if (roleChanged && limited) await assertWithinPlanLimit(tx, church, limited);
  const unassigned = roleChanged && target.role === 'teacher' ? await unassignClassesOf(tx, church.id, target.id) : 0;

  const row = await emailAware(() => updateUserRow(tx, church.id, target.id, {
    name: input.name ?? target.name,
    email,
    phone: input.phone === undefined ? target.phone : input.phone,
    role,
    isActive,
    passwordHash,
    // A Google account linked to the old address does not follow the user to a new one.
    ...(emailChanged ? { googleSubject: null } : {}),
  }));
  const changed = Object.entries({
    name: row.name !== target.name, email: emailChanged, phone: row.phone !== target.phone, role: roleChanged,
    is_active: isActive !== target.isActive, password: passwordHash !== target.passwordHash,
  }).filter(([, yes]) => yes).map(([field]) => field);
  await auditChurchChange(tx, {
    user, action: 'user.updated', resourceType: 'user', resourceId: row.id,
    details: {
      changed, unassigned_classes: unassigned,
      ...(roleChanged ? { old_role: target.role, new_role: role } : {}),
      ...(isActive !== target.isActive ? { is_active: isActive } : {}),
    },
    description: `Updated ${row.name} (${changed.join(', ') || 'no changes'})`,
  });
  const [dto] = await withClasses(tx, church.id, [row]);
  const message = isActive !== target.isActive && changed.length === 1
    ? (isActive ? USER_MESSAGES.userActivated : USER_MESSAGES.userDeactivated)
    : (row.role === 'teacher' ? USER_MESSAGES.teacherUpdated : USER_MESSAGES.userUpdated);
  return { ...dto, message };
}

/** DELETE /api/users/{id} (super_admin). Super admins and oneself cannot be deleted. A teacher's
 * classes become unassigned in the same transaction; attendance history stays. */
export async function deleteUser({ tx, user, church }: TenantScope, { id }: { id: string }) {
  if (!can(user.role, 'manageAllUsers')) throw forbidden(USER_MESSAGES.onlySuperAdminDeletes);
  if (id === user.id) throw forbidden(USER_MESSAGES.cannotDeleteSelf);
  const target = await lockUser(tx, church.id, id);
  if (!target) throw notFound(USER_MESSAGES.notFound);
  if (target.role === 'super_admin') throw forbidden(USER_MESSAGES.cannotDeleteSuperAdmin);
  const unassigned = await unassignClassesOf(tx, church.id, target.id);
  await deleteUserRow(tx, church.id, target.id);
  await auditChurchChange(tx, {
    user, action: 'user.deleted', resourceType: 'user', resourceId: target.id,
    details: { role: target.role, email: target.email, unassigned_classes: unassigned },
    description: `Deleted ${target.role} ${target.name} (${target.email})`,
  });
  return {
    id: target.id,
    unassigned_classes: unassigned,
    message: target.role === 'teacher' ? USER_MESSAGES.teacherDeleted : USER_MESSAGES.userDeleted,
  };
}
