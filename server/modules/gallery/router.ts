import { galleryListInput, mediaChildrenInput, mediaIdInput } from '../../../common/schemas/gallery.js';
import { capabilityProcedure, router } from '../../trpc/init.js';
import { rest } from '../../rest/meta.js';
import { deleteMedia, listDepartments, listMedia, tagChildren } from './service.js';

// Principal and super admin manage the gallery; a guest only looks; a teacher has none.
// The upload and the files themselves are plain Fastify routes (file-routes.ts): their bodies are files.
const viewers = capabilityProcedure('viewMedia');
const managers = capabilityProcedure('manageMedia');

export const galleryRouter = router({
  list: viewers
    .meta(rest('GET', '/api/gallery', 'Media of the church, newest first: filters academic_year, month, department; page, '
      + 'limit (12 by default, at most 48). Each item carries signed file_url, thumbnail_url and web_url that work '
      + 'without the session until urls_expire_at (super_admin, principal, guest). An item tagged with a child who lacks photo consent '
      + 'is left out for a guest (and its files refused); super_admin and principal get every item with children [{id, name, '
      + 'photo_consent}] and consent_missing'))
    .input(galleryListInput)
    .query(({ ctx, input }) => listMedia(ctx, ctx.services.mediaUrls, input)),
  departments: viewers
    .meta(rest('GET', '/api/gallery/departments', 'Departments of the church\'s media, always with sunday_school (super_admin, principal, guest)'))
    .query(({ ctx }) => listDepartments(ctx)),
  tagChildren: managers
    .meta(rest('PUT', '/api/gallery/{id}/children', 'Replace the children shown in a media item: student_ids, at most 50 students of the '
      + 'church ([] removes every tag). Guests see the item only while every tagged child has photo consent. Audited without names '
      + '(super_admin, principal)'))
    .input(mediaChildrenInput)
    .mutation(({ ctx, input }) => tagChildren(ctx, input)),
  delete: managers
    .meta(rest('DELETE', '/api/gallery/{id}', 'Delete a media item and every stored file of it (super_admin, principal)'))
    .input(mediaIdInput)
    .mutation(({ ctx, input }) => deleteMedia(ctx, ctx.services.mediaStorage, input)),
});
