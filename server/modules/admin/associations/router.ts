import {
  adminAssociationCreateInput, adminAssociationIdInput, adminAssociationListInput,
} from '../../../../common/schemas/admin-associations.js';
import { operatorProcedure, router } from '../../../trpc/init.js';
import { rest } from '../../../rest/meta.js';
import { createAssociation, listAssociations, setActive } from './service.js';

// Associations in the operator console: a diocese's or district's association over member churches,
// created by an operator with its first association admin. Associations do not pay in this version.
export const adminAssociationsRouter = router({
  list: operatorProcedure
    .meta(rest('GET', '/api/admin/associations', 'Associations, newest first: search (name or code, any case); page, limit (20 by '
      + 'default, at most 100). Answers items (id, name, code, kind, languages, is_active, member_count, invited_count, '
      + 'officer_count, created_at) and pagination {page, pages, total}. Associations have no subscription: created by the platform'))
    .input(adminAssociationListInput)
    .query(({ ctx, input }) => listAssociations(ctx, input)),
  create: operatorProcedure
    .meta(rest('POST', '/api/admin/associations', 'Create an association: name, code (6 letters or digits, kept in capitals; 409 '
      + 'if a church or another association holds it), kind (diocese, district, region, association), languages (1-4 of en, ml, '
      + 'ta, hi; the first its default) and admin {name, email, password}: its first association admin, who signs in with the '
      + 'code; audited', { successStatus: 201 }))
    .input(adminAssociationCreateInput)
    .mutation(({ ctx, input }) => createAssociation(ctx, input)),
  deactivate: operatorProcedure
    .meta(rest('POST', '/api/admin/associations/{id}/deactivate', 'Deactivate an association: its officers cannot sign in and '
      + 'their sessions end; audited'))
    .input(adminAssociationIdInput)
    .mutation(({ ctx, input }) => setActive(ctx, input.id, false)),
  reactivate: operatorProcedure
    .meta(rest('POST', '/api/admin/associations/{id}/reactivate', 'Reactivate an association: its officers may sign in again; audited'))
    .input(adminAssociationIdInput)
    .mutation(({ ctx, input }) => setActive(ctx, input.id, true)),
});
