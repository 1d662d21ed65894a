import { sql } from 'drizzle-orm';
import type { z } from 'zod';
import type { Locale } from '../../../common/i18n/locales.js';
import { REPORT_CARD_LINK_DAYS, REPORT_CARD_LINK_MESSAGES as M } from '../../../common/report-card-links.js';
import type { reportCardLinkInput } from '../../../common/schemas/report-card-links.js';
import { conflict, notFound } from '../../core/errors.js';
import { translatorFor } from '../../core/i18n.js';
import type { TenantScope } from '../../core/scopes.js';
import { auditChurchChange } from '../audit/index.js';
import { hashToken, newOpaqueToken } from '../credentials/index.js';
import { guardianOfStudent } from '../guardians/index.js';
import { findAccessibleStudent } from '../students/index.js';
import { hasPublishedResults, insertReportCardLink, revokeEarlierLinks } from './report-card-link-queries.js';

const firstName = (name: string) => name.trim().split(/\s+/)[0] ?? name;

/**
 * POST /api/exams/report-card-links: a guardian's link to the child's report card of the year of the
 * child's class, once an exam of that class is published, for a guardian who agreed to be contacted
 * (the messages consent the WhatsApp buttons follow). Whoever may reach the child may share it (a
 * teacher their own classes' children). The token is 256 random bits of which only the SHA-256 is
 * kept; the report card and the message speak the guardian's language, else the church's; with
 * WhatsApp, a wa.me link holding the message. The guardian's earlier link of the year stops. Audited.
 */
export async function shareReportCard(scope: TenantScope, publicUrl: string, input: z.output<typeof reportCardLinkInput>) {
  const { tx, church, user } = scope;
  const student = await findAccessibleStudent(scope, input.student_id);
  const guardian = await guardianOfStudent(tx, church.id, student.id, input.guardian_id);
  if (!guardian) throw notFound(M.guardianNotFound, { reason: 'guardian_not_found' });
  if (!guardian.contactConsent) throw conflict(M.noContactConsent, { reason: 'no_contact_consent' });
  if (!await hasPublishedResults(tx, church.id, student.classId, student.academicYear)) {
    throw conflict(M.noPublishedResults, { reason: 'no_published_results' });
  }
  const language: Locale = guardian.language ?? church.default_language;
  const token = newOpaqueToken();
  const link = await insertReportCardLink(tx, {
    churchId: church.id, studentId: student.id, guardianId: guardian.id, academicYear: student.academicYear, language,
    tokenHash: hashToken(token), expiresAt: sql`now() + make_interval(days => ${REPORT_CARD_LINK_DAYS})`,
    createdBy: user.id, createdByName: user.name, createdByRole: user.role,
  });
  const replaced = await revokeEarlierLinks(tx, church.id, link);
  await auditChurchChange(tx, {
    user, action: 'student.report_card_link_created', resourceType: 'student', resourceId: student.id,
    details: {
      link_id: link.id, guardian_id: guardian.id, academic_year: link.academicYear, language,
      expires_at: link.expiresAt.toISOString(), replaced_link_ids: replaced.map((r) => r.id),
    },
    description: 'Report card link made',
  });
  const url = new URL(`${publicUrl.replace(/\/+$/, '')}/api/report-cards/${token}`).toString();
  const message = translatorFor(language)('examprint.whatsappMessage', {
    church: church.name, child: firstName(student.name), year: link.academicYear, url,
  });
  return {
    id: link.id,
    url,
    expires_at: link.expiresAt.toISOString(),
    language,
    whatsapp_url: guardian.whatsappE164 ? `https://wa.me/${guardian.whatsappE164.slice(1)}?text=${encodeURIComponent(message)}` : null,
  };
}
