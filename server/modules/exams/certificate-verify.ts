import type { z } from 'zod';
import { CERTIFICATE_MESSAGES as M, normalizeCertificateCode, type CertificateVerification } from '../../../common/certificates.js';
import { todayIn } from '../../../common/dates.js';
import type { verifyCertificateInput } from '../../../common/schemas/certificates.js';
import { AppError, notFound } from '../../core/errors.js';
import { translatorFor } from '../../core/i18n.js';
import type { PublicScope } from '../../core/scopes.js';
import { findLink } from '../../doors/link.js';
import { loadChurch } from '../churches/index.js';
import { admitFailureFromSource, type AttemptStore } from '../credentials/index.js';
import { findCertificate, findCertificateByCode } from './certificate-queries.js';
import { certificateTitle, classText } from './print-texts.js';

const UNKNOWN_CODE_WINDOW_MS = 15 * 60_000;
const certificateNotFound = () => notFound(M.notFound, { reason: 'certificate_not_found' });

/**
 * GET /api/certificates/verify/{code} (anyone, no session): what a certificate's QR code opens. The
 * code (as printed, or typed: Crockford's reading) finds its church through the link door (the
 * platform door, by the code alone), then the certificate is read in that church's tenant
 * transaction. Answers only the holder's name, the church's name, the year, the title, the class
 * and the day of issue (the title and class in `lang`, else the church's language): never an id,
 * a rank list or a mark. Unknown: 404; withdrawn: 410; a child erased takes theirs (404).
 *
 * It tells whether a code exists, so unknown codes are limited like the privacy notice's unknown
 * church codes: CERTIFICATE_VERIFY_MAX_UNKNOWN_PER_IP per address in 15 minutes, then 429 for any
 * code; counted before the lookup and given back when the code is a certificate's.
 */
export async function verifyCertificate(
  scope: PublicScope<{ attempts: AttemptStore }>, input: z.output<typeof verifyCertificateInput>,
): Promise<CertificateVerification> {
  const attempt = await admitFailureFromSource(scope.services.attempts, {
    name: 'certificate-verify', what: 'unknown certificate codes', windowMs: UNKNOWN_CODE_WINDOW_MS,
    max: scope.config.CERTIFICATE_VERIFY_MAX_UNKNOWN_PER_IP,
  }, scope.ip);
  const code = normalizeCertificateCode(input.code);
  if (!code) throw certificateNotFound();
  const found = await findLink(scope.db, code, findCertificateByCode);
  if (!found) throw certificateNotFound();
  await attempt.giveBack();
  return found.enter(async ({ tx, church, link }) => {
    const [row, churchRow] = await Promise.all([findCertificate(tx, church.id, link.id), loadChurch(tx, church.id)]);
    if (!row) throw certificateNotFound();
    if (row.revokedAt) throw new AppError('GONE', M.withdrawn, { reason: 'certificate_withdrawn' });
    const t = translatorFor(input.lang ?? churchRow.default_language);
    return {
      holder_name: row.holderName,
      church_name: churchRow.name,
      academic_year: row.academicYear,
      title: certificateTitle(t, row),
      class_name: classText(t, { class_name: row.className, section: row.classSection }),
      issued_on: todayIn(churchRow.time_zone, row.issuedAt),
    };
  });
}
