import type { FastifyInstance } from 'fastify';
import { DOWNLOAD_TOKEN, FAMILY_EXPORT_MESSAGES as M } from '../../../common/schemas/family-export.js';
import { notFound } from '../../core/errors.js';
import type { Database } from '../../db/index.js';
import { errorBody } from '../../rest/envelope.js';
import { recordChildDataRead } from '../access-log/index.js';
import { auditChurchChange } from '../audit/index.js';
import type { MediaStorage } from '../media-storage/index.js';
import { hashToken } from '../credentials/index.js';
import { claimDownload, findExportByToken } from './queries.js';

const DOWNLOAD_PATH = '/api/exports/download/{token}';

const gone = () => errorBody({ status: 410, message: M.gone, reason: 'export_link_gone', internal: false });

/**
 * GET /api/exports/download/{token}: the family export's ZIP, once. The token is the credential (no
 * session): its hash finds the export's church through the platform door, then, in that church's
 * tenant transaction, one conditional UPDATE takes the download (ready → downloaded, not expired),
 * with its audit entry and access-log read, attributed to whoever asked for the link. A used or
 * expired link is 410. The stored file is deleted once the answer has ended (sent or cut off): the
 * family has their copy, and the church keeps none.
 */
export function registerExportDownloadRoute(app: FastifyInstance, deps: { db: Database; services: { mediaStorage: MediaStorage } }) {
  const { db, services: { mediaStorage: storage } } = deps;
  app.get<{ Params: { token: string } }>(DOWNLOAD_PATH.replace('{token}', ':token'), async (req, reply) => {
    const { token } = req.params;
    if (!DOWNLOAD_TOKEN.test(token)) throw notFound(M.linkNotFound, { reason: 'export_link_not_found' });
    const hash = hashToken(token);
    const found = await db.withPlatform((tx) => findExportByToken(tx, hash));
    if (!found) throw notFound(M.linkNotFound, { reason: 'export_link_not_found' });
    const claimed = await db.withTenant(found.churchId, async (tx) => {
      const row = await claimDownload(tx, found.id, hash);
      if (!row?.linkBy || !row.linkByName || !row.linkByRole || !row.storageName) return undefined;
      const reader = { id: row.linkBy, name: row.linkByName, role: row.linkByRole };
      await recordChildDataRead(tx, { churchId: row.churchId, studentId: row.studentId, kind: 'export', reader });
      await auditChurchChange(tx, {
        user: reader, action: 'student.family_export_downloaded', resourceType: 'student', resourceId: row.studentId,
        details: { export_id: row.id, bytes: row.bytes }, description: 'Family data export downloaded through a one-time link',
      });
      return row;
    });
    if (!claimed) return reply.code(410).send(gone());
    const key = `${claimed.churchId}/${claimed.storageName!}`;
    const file = await storage.get(key);
    if (!file) return reply.code(410).send(gone());
    reply.raw.once('close', () => {
      storage.delete(key).catch((err: unknown) => req.log.error({ err }, 'could not delete a downloaded family export'));
    });
    return reply.type('application/zip')
      .header('content-length', String(file.size))
      .header('content-disposition', 'attachment; filename="family-export.zip"')
      .send(file.stream);
  });
}

/** The OpenAPI description of the download (a file, not a procedure). */
export function exportDownloadDoc() {
  return {
    [DOWNLOAD_PATH]: {
      get: {
        operationId: 'familyExport.download',
        summary: 'Download a family export (ZIP) once, through the one-time link POST /api/exports/{id}/link gave; no session',
        description: 'The ZIP holds profile.json, guardians.json, consents.json, attendance.csv, attendance-summary.pdf and the media '
          + 'the child is tagged in (media/). The link works once and until the export expires (24 hours after it was made); the '
          + 'stored file is deleted after the download.',
        tags: ['family-export'],
        security: [{}],
        parameters: [{ name: 'token', in: 'path', required: true, schema: { type: 'string', pattern: DOWNLOAD_TOKEN.source } }],
        responses: {
          200: { description: 'The ZIP', content: { 'application/zip': { schema: { type: 'string', format: 'binary' } } } },
          404: { description: 'No export has this link' },
          410: { description: 'The link was used or has expired' },
        },
      },
    },
  };
}
