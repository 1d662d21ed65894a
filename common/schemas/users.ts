import { z } from 'zod';
import { plainString } from './text.js';
import { emailSchema } from './auth.js';
import { newPasswordSchema, PASSWORD_MESSAGES } from './password.js';
import { idSchema } from './classes.js';
import { signsInWithGoogleOnly, type ChurchRole } from '../constants.js';

/** The texts of Teacher and User Management, shown by the client as the server sends them. */
export const USER_MESSAGES = {
  nameRequired: 'Name is required',
  nameTooLong: 'Name must be at most 100 characters',
  phoneTooLong: 'Phone number is too long',
  roleInvalid: 'Choose a role: teacher, principal or guest',
  idInvalid: 'User not found',
  notFound: 'User not found',
  emailTaken: 'A user with this email already exists in your church.',
  onlySuperAdminEdits: 'Only super admin can edit users',
  onlySuperAdminDeletes: 'Only super admin can delete users',
  roleNotAllowed: 'Only super admin can assign the principal or guest role',
  superAdminRoleNotAssignable: 'The super admin role cannot be given to another user.',
  superAdminFixed: 'A super admin cannot be demoted or deactivated.',
  cannotDeleteSuperAdmin: 'A super admin cannot be deleted.',
  cannotDeactivateSelf: 'You cannot deactivate yourself',
  cannotDeleteSelf: 'You cannot delete yourself',
  cannotChangeOwnRole: 'You cannot change your own role',
  noPasswordForGoogle: 'Gmail accounts sign in with Google and have no password. Leave the password blank.',
  googleSignInNote: 'Gmail accounts sign in with Google: no password is needed.',
  // Success texts.
  teacherCreated: 'Teacher created successfully!',
  teacherUpdated: 'Teacher updated successfully!',
  teacherDeleted: 'Teacher deleted successfully!',
  userCreated: 'User created successfully!',
  userUpdated: 'User updated successfully!',
  userDeleted: 'User deleted successfully!',
  userActivated: 'User activated',
  userDeactivated: 'User deactivated',
  // Client fallbacks when the server sent no message.
  loadTeachersFailed: (message: string) => `Failed to load teachers: ${message}`,
  createTeacherFailed: 'Failed to create teacher',
  deleteTeacherFailed: 'Failed to delete teacher',
  loadUsersFailed: 'Failed to load users',
  updateStatusFailed: 'Failed to update status',
  saveUserFailed: 'Failed to save user',
  deleteUserFailed: 'Failed to delete user',
  // Confirmations.
  confirmDeleteTeacher: 'Are you sure you want to delete this teacher? Their classes become unassigned; attendance history stays.',
  confirmDeleteUser: 'Are you sure you want to delete this user?',
  confirmDeactivate: (name: string) => `Deactivate ${name}? They are signed out at once and cannot sign in until activated again.`,
} as const;

const USER_ROLES = ['super_admin', 'principal', 'teacher', 'guest'] as const satisfies readonly ChurchRole[];

const nameSchema = plainString({ error: USER_MESSAGES.nameRequired })
  .trim()
  .min(1, USER_MESSAGES.nameRequired)
  .max(100, USER_MESSAGES.nameTooLong);

/** Optional; '' or null is "no phone". */
const phoneSchema = plainString({ error: USER_MESSAGES.phoneTooLong })
  .trim()
  .max(30, USER_MESSAGES.phoneTooLong)
  .nullable()
  .transform((v) => v || null);

/** Blank (or left out) is "no password": on create that is only right for a Gmail account, on edit it
 * keeps the old password. Anything else must meet the password policy. */
const optionalPasswordSchema = plainString({ error: PASSWORD_MESSAGES.required })
  .nullable()
  .optional()
  .transform((v) => v || undefined)
  .pipe(newPasswordSchema.optional());

const roleSchema = z.enum(USER_ROLES, { error: USER_MESSAGES.roleInvalid });

/** POST /api/users: the role defaults to teacher (and is always teacher when a principal adds). */
export const userCreateInput = z.object({
  name: nameSchema,
  email: emailSchema,
  password: optionalPasswordSchema,
  phone: phoneSchema.optional(),
  role: roleSchema.optional(),
});

/** PUT /api/users/{id}: a field left out keeps its value; a blank password keeps the old one. */
export const userUpdateInput = z.object({
  id: idSchema(USER_MESSAGES.idInvalid),
  name: nameSchema.optional(),
  email: emailSchema.optional(),
  password: optionalPasswordSchema,
  phone: phoneSchema.optional(),
  role: roleSchema.optional(),
  is_active: z.boolean({ error: 'is_active must be true or false' }).optional(),
});

export const userIdInput = z.object({ id: idSchema(USER_MESSAGES.idInvalid) });

/**
 * The add/edit form of Teacher and User Management. The same fields as the calls, plus the rule of
 * a password on create: required, except for a Gmail account while the server has Google sign-in
 * configured (`googleConfigured`, from the server), which signs in with Google.
 */
export const userFormSchema = (mode: 'create' | 'edit', googleConfigured: boolean) => z.object({
  name: nameSchema,
  email: emailSchema,
  password: optionalPasswordSchema,
  phone: phoneSchema,
  role: roleSchema,
}).superRefine((form, ctx) => {
  const google = signsInWithGoogleOnly(form.email, googleConfigured);
  if (google && form.password) {
    ctx.addIssue({ code: 'custom', path: ['password'], message: USER_MESSAGES.noPasswordForGoogle });
  } else if (mode === 'create' && !google && !form.password) {
    ctx.addIssue({ code: 'custom', path: ['password'], message: PASSWORD_MESSAGES.required });
  }
});
