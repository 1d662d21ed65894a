import { userCreateInput, userIdInput, userUpdateInput } from '../../../common/schemas/users.js';
import { capabilityProcedure, router } from '../../trpc/init.js';
import { rest } from '../../rest/meta.js';
import { classesOfUser, createUser, deleteUser, listTeachers, listUsers, updateUser } from './service.js';

// Guests reach none of these. Editing and deleting are open to principals at this rung only so that
// they are told, in the spec's words, that only a super admin edits users (the service checks).
const managers = capabilityProcedure('manageTeachers');

export const usersRouter = router({
  teachers: managers
    .meta(rest('GET', '/api/users/teachers', 'Teachers (active and inactive) with their assigned classes (super_admin, principal)'))
    .query(({ ctx }) => listTeachers(ctx)),
  list: capabilityProcedure('manageAllUsers')
    .meta(rest('GET', '/api/users', 'All users of the church with role and status (super_admin)'))
    .query(({ ctx }) => listUsers(ctx)),
  create: capabilityProcedure('manageTeachers')
    .meta(rest('POST', '/api/users', 'Add a user: name, email, password, phone, role (super_admin: teacher, principal or guest; '
      + 'principal: teachers only). While Google sign-in is configured a Gmail address gets no password and signs in with Google. 409 for a taken email or over the plan limit',
    { successStatus: 201 }))
    .input(userCreateInput).mutation(({ ctx, input }) => createUser(ctx, input)),
  update: managers
    .meta(rest('PUT', '/api/users/{id}', 'Edit a user (super_admin): fields left out keep their values, a blank password keeps the old one; '
      + 'is_active activates or deactivates. Deactivating, a new role or a new password signs the user out everywhere'))
    .input(userUpdateInput).mutation(({ ctx, input }) => updateUser(ctx, input)),
  delete: managers
    .meta(rest('DELETE', '/api/users/{id}', 'Delete a user (super_admin); never a super admin or oneself. A teacher\'s classes become unassigned'))
    .input(userIdInput).mutation(({ ctx, input }) => deleteUser(ctx, input)),
  classes: capabilityProcedure('viewClasses')
    .meta(rest('GET', '/api/users/{id}/classes', 'The classes a user teaches: {id, class_name, section, academic_year} '
      + '(super_admin, principal; a teacher only their own)'))
    .input(userIdInput).query(({ ctx, input }) => classesOfUser(ctx, input)),
});
