import { Readable } from 'node:stream';
import type { FastifyRequest } from 'fastify';
import { REPORT_CARD_LINK_DAYS, REPORT_CARD_LINK_MESSAGES as M, REPORT_CARD_LINK_OPEN_HOURS, REPORT_CARD_TOKEN } from '../../../common/report-card-links.js';
import { AppError, notFound } from '../../core/errors.js';
import type { Database } from '../../db/index.js';
import { findLink } from '../../doors/link.js';
import { errorAnswerDoc } from '../../rest/openapi.js';
import { answer, plainRoute, type PlainRoute } from '../../rest/plain-route.js';
import { recordChildDataRead } from '../access-log/index.js';
import { loadChurch } from '../churches/index.js';
import { hashToken } from '../credentials/index.js';
import { guardianOfStudent } from '../guardians/index.js';
import { guardianReportCard } from './documents.js';
import { findReportCardLinkByToken, openReportCardLink } from './report-card-link-queries.js';

const linkNotFound = () => notFound(M.linkNotFound, { reason: 'report_card_link_not_found' });
const linkGone = () => new AppError('GONE', M.linkGone, { reason: 'report_card_link_gone' });

/**
 * GET /api/report-cards/{token}: a guardian's report card through the link shared with them. The
 * token is the credential (no session): through the link door its hash finds the link's church;
 * in that church's tenant transaction one conditional UPDATE takes the opening (not replaced, not
 * expired, within REPORT_CARD_LINK_OPEN_HOURS of the first), the guardian must still be on the
 * child's list and still agree to be contacted, and the opening is logged as a read of the child's
 * data by whoever shared the link. Published exams only. A link that no longer opens is 410.
 */
export function reportCardLinkRoute(deps: { db: Database }): PlainRoute {
  const { db } = deps;
  return plainRoute({
    method: 'GET',
    path: '/api/report-cards/{token}',
    door: 'link',
    openapi: {
      operationId: 'exams.reportCardByLink',
      summary: 'A child\'s report card (PDF) through the link POST /api/exams/report-card-links gave a guardian; no session',
      description: `The child's report card of the link's academic year, in the guardian's language: the published exams only, and the year's `
        + `final result once every exam that weighs in it is published. The link opens for ${REPORT_CARD_LINK_OPEN_HOURS} hours from its `
        + `first opening and at most ${REPORT_CARD_LINK_DAYS} days after it was made; it stops when a newer link replaces it, or its guardian `
        + 'leaves the child\'s list or no longer agrees to be contacted.',
      tag: 'exams',
      parameters: [{ name: 'token', in: 'path', required: true, schema: { type: 'string', pattern: REPORT_CARD_TOKEN.source } }],
      responses: {
        200: { description: 'The report card', content: { 'application/pdf': { schema: { type: 'string', format: 'binary' } } } },
        404: errorAnswerDoc('No link has this token (reason report_card_link_not_found)'),
        410: errorAnswerDoc('The link has expired, was replaced, or its guardian may no longer be sent it (reason report_card_link_gone)'),
      },
    },
    handler: async (req: FastifyRequest<{ Params: { token: string } }>, reply) => {
      const { token } = req.params;
      if (!REPORT_CARD_TOKEN.test(token)) throw linkNotFound();
      const hash = hashToken(token);
      const found = await findLink(db, hash, findReportCardLinkByToken);
      if (!found) throw linkNotFound();
      const file = await found.enter(async ({ tx, church, link }) => {
        const opened = await openReportCardLink(tx, church.id, link.id, hash);
        if (!opened) throw linkGone();
        const guardian = await guardianOfStudent(tx, church.id, opened.studentId, opened.guardianId);
        if (!guardian?.contactConsent) throw linkGone();
        const reader = { id: opened.createdBy, name: opened.createdByName, role: opened.createdByRole };
        await recordChildDataRead(tx, { churchId: church.id, studentId: opened.studentId, kind: 'report_card', reader });
        const made = await guardianReportCard({ tx, church: await loadChurch(tx, church.id) }, opened);
        if (!made) throw linkGone();
        return made;
      });
      if (file.filename) void reply.header('content-disposition', `inline; filename="${file.filename}"`);
      return answer.body('application/pdf', typeof file.body === 'string' ? file.body : Readable.from(file.body()));
    },
  });
}
