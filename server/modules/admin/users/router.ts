import { adminUserIdInput, adminUserListInput } from '../../../../common/schemas/admin-people.js';
import { operatorProcedure, router } from '../../../trpc/init.js';
import { rest } from '../../../rest/meta.js';
import { deleteUser, listUsers, userDetails } from './service.js';

// Users across all churches. Every read of them is audited.
export const adminUsersRouter = router({
  list: operatorProcedure
    .meta(rest('GET', '/api/admin/users', 'Users of all churches, newest first: filters church_id and role; page, limit '
      + '(10 by default, at most 100). Answers items and pagination {page, pages, total}; audited'))
    .input(adminUserListInput)
    .query(({ ctx, input }) => listUsers(ctx, input)),
  details: operatorProcedure
    .meta(rest('GET', '/api/admin/users/{id}', 'A user with their church, classes_taught and students_managed; audited'))
    .input(adminUserIdInput)
    .query(({ ctx, input }) => userDetails(ctx, input)),
  delete: operatorProcedure
    .meta(rest('DELETE', '/api/admin/users/{id}', 'Delete a user: their sessions end and their classes become unassigned; '
      + 'a church\'s last active super admin cannot be deleted (409); audited'))
    .input(adminUserIdInput)
    .mutation(({ ctx, input }) => deleteUser(ctx, input)),
});
