import type { FastifyRequest } from 'fastify';
import { DOWNLOAD_TOKEN, FAMILY_EXPORT_MESSAGES as M } from '../../../common/schemas/family-export.js';
import { AppError, notFound } from '../../core/errors.js';
import type { Database } from '../../db/index.js';
import { errorAnswerDoc } from '../../rest/openapi.js';
import { answer, plainRoute, type PlainRoute } from '../../rest/plain-route.js';
import { findLink } from '../../doors/link.js';
import { recordChildDataRead } from '../access-log/index.js';
import { auditChurchChange } from '../audit/index.js';
import type { MediaStorage } from '../media-storage/index.js';
import { hashToken } from '../credentials/index.js';
import { claimDownload, findExportByToken } from './queries.js';

const linkNotFound = () => notFound(M.linkNotFound, { reason: 'export_link_not_found' });
const linkGone = () => new AppError('GONE', M.gone, { reason: 'export_link_gone' });

/**
 * GET /api/exports/download/{token}: the family export's ZIP, once. The token is the credential (no
 * session): through the link door (server/doors/link.ts) its hash finds the export's church, then,
 * in that church's tenant transaction, one conditional UPDATE takes the download (ready →
 * downloaded, not expired), with its audit entry and access-log read, attributed to whoever asked
 * for the link. A used or
 * expired link is 410. The stored file is deleted once the answer has ended (sent or cut off): the
 * family has their copy, and the church keeps none.
 */
export function exportDownloadRoute(deps: { db: Database; services: { mediaStorage: MediaStorage } }): PlainRoute {
  const { db, services: { mediaStorage: storage } } = deps;
  return plainRoute({
    method: 'GET',
    path: '/api/exports/download/{token}',
    door: 'link',
    openapi: {
      operationId: 'familyExport.download',
      summary: 'Download a family export (ZIP) once, through the one-time link POST /api/exports/{id}/link gave; no session',
      description: 'The ZIP holds profile.json, guardians.json, consents.json, attendance.csv, attendance-summary.pdf, follow-up.json '
        + '(calls to the family after absences), the media the child is tagged in (media/), and family-summary.pdf: all of it in '
        + 'words, in the language of the first guardian who has one, else the church\'s. The link works once and until the export expires (24 hours after it was made); the '
        + 'stored file is deleted after the download.',
      tag: 'family-export',
      parameters: [{ name: 'token', in: 'path', required: true, schema: { type: 'string', pattern: DOWNLOAD_TOKEN.source } }],
      responses: {
        200: { description: 'The ZIP', content: { 'application/zip': { schema: { type: 'string', format: 'binary' } } } },
        404: errorAnswerDoc('No export has this link (reason export_link_not_found)'),
        410: errorAnswerDoc('The link was used or has expired (reason export_link_gone)'),
      },
    },
    handler: async (req: FastifyRequest<{ Params: { token: string } }>, reply) => {
      const { token } = req.params;
      if (!DOWNLOAD_TOKEN.test(token)) throw linkNotFound();
      const hash = hashToken(token);
      const found = await findLink(db, hash, findExportByToken);
      if (!found) throw linkNotFound();
      const claimed = await found.enter(async ({ tx, link }) => {
        const row = await claimDownload(tx, link.churchId, link.id, hash);
        if (!row?.linkBy || !row.linkByName || !row.linkByRole || !row.storageName) return undefined;
        const reader = { id: row.linkBy, name: row.linkByName, role: row.linkByRole };
        await recordChildDataRead(tx, { churchId: row.churchId, studentId: row.studentId, kind: 'export', reader });
        await auditChurchChange(tx, {
          user: reader, action: 'student.family_export_downloaded', resourceType: 'student', resourceId: row.studentId,
          details: { export_id: row.id, bytes: row.bytes }, description: 'Family data export downloaded through a one-time link',
        });
        return row;
      });
      if (!claimed) throw linkGone();
      const key = `${claimed.churchId}/${claimed.storageName!}`;
      const file = await storage.get(key);
      if (!file) throw linkGone();
      reply.raw.once('close', () => {
        storage.delete(key).catch((err: unknown) => req.log.error({ err }, 'could not delete a downloaded family export'));
      });
      void reply.header('content-length', String(file.size)).header('content-disposition', 'attachment; filename="family-export.zip"');
      return answer.body('application/zip', file.stream);
    },
  });
}
