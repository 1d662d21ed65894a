import { adminMediaIdInput, adminMediaListInput } from '../../../../common/schemas/admin-people.js';
import { operatorProcedure, router } from '../../../trpc/init.js';
import { rest } from '../../../rest/meta.js';
import { deleteMedia, listMedia, mediaDetails } from './service.js';

// The media of all churches. Every read of it is audited.
export const adminMediaRouter = router({
  list: operatorProcedure
    .meta(rest('GET', '/api/admin/media', 'Media of all churches, newest first: filters church_id and type (image, video, '
      + 'document); page, limit (20 by default, at most 100). Answers items (with a signed file_url) and pagination '
      + '{page, pages, total}; audited'))
    .input(adminMediaListInput)
    .query(({ ctx, input }) => listMedia(ctx, ctx.services.mediaUrls, input)),
  details: operatorProcedure
    .meta(rest('GET', '/api/admin/media/{id}', 'A media item with its church and a signed file_url; audited'))
    .input(adminMediaIdInput)
    .query(({ ctx, input }) => mediaDetails(ctx, ctx.services.mediaUrls, input)),
  delete: operatorProcedure
    .meta(rest('DELETE', '/api/admin/media/{id}', 'Delete a media item and, once that has committed, every stored file of it; audited'))
    .input(adminMediaIdInput)
    .mutation(({ ctx, input }) => deleteMedia(ctx, ctx.services.mediaStorage, input)),
});
