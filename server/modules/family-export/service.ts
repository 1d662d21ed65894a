import type { z } from 'zod';
import { FAMILY_EXPORT_MESSAGES as M, type consentFormInput, type exportRefInput, type exportStudentInput } from '../../../common/schemas/family-export.js';
import { formatDateAndTime } from '../../../common/i18n/time-of-day.js';
import { noticePagePath } from '../../../common/schemas/privacy-notice.js';
import type { Config } from '../../config.js';
import type { ChildData } from '../../core/child-data.js';
import { conflict, notFound } from '../../core/errors.js';
import { translatorFor } from '../../core/i18n.js';
import type { PublicScope, TenantScope } from '../../core/scopes.js';
import type { RestFile } from '../../rest/meta.js';
import { recordChildDataRead } from '../access-log/index.js';
import { auditChurchChange } from '../audit/index.js';
import { familyLanguage, guardiansToContact, type GuardianDto } from '../guardians/index.js';
import type { MediaStorage } from '../media-storage/index.js';
import { noticeIn } from '../privacy-notice/index.js';
import { findAccessibleStudent } from '../students/index.js';
import { chunksOf } from '../../core/pdf/text.js';
import { consentFormPdf } from './consent-form.js';
import { makeExport, newDownloadToken } from './export-file.js';
import { insertExport, selectChurch, selectExport, selectExportsOf, setLink, type ExportRow } from './queries.js';

/** What the export's procedures use beyond the tenant scope: the storage, the server's address, and
 * for the background work the child's data (server/child-data.ts), the database and the logger. */
export type ExportScope = TenantScope & Pick<PublicScope<{ mediaStorage: MediaStorage; childData: readonly ChildData[] }>, 'db' | 'log' | 'services'>
  & { config: Pick<Config, 'PUBLIC_URL'> };

/**
 * GET /api/students/{id}/consent-form (staff who may reach the child): the printable consent form
 * in the family's language (familyLanguage: the first guardian's who has one, else the church's), or
 * in `lang` when one is asked for. The facts are read in the request's transaction, which logs the
 * read; the PDF is drawn while it is sent, after the transaction has ended.
 */
export async function consentForm(scope: ExportScope, input: z.output<typeof consentFormInput>): Promise<RestFile> {
  const { tx, church } = scope;
  const student = await findAccessibleStudent(scope, input.id);
  const { code } = await selectChurch(tx, church.id);
  const guardians = (await guardiansToContact(tx, church.id, [student.id])).get(student.id) ?? [];
  const shown = await noticeIn(tx, church.id, input.lang ?? familyLanguage(guardians, church.default_language));
  // It names the child, the class and the guardians: a read of the child's data, in the access log.
  await recordChildDataRead(tx, { churchId: church.id, studentId: student.id, kind: 'consent_form', reader: scope.user });
  const facts = {
    language: shown.language, churchName: shown.church_name, notice: shown.notice,
    child: { name: student.name, className: student.className, section: student.classSection },
    guardians: guardians.map((g) => g.name),
    noticeUrl: `${scope.config.PUBLIC_URL}${noticePagePath(code)}`,
  };
  return {
    filename: `consent-form-${shown.language}.pdf`,
    body: () => chunksOf(consentFormPdf(facts)),
  };
}

const toExportDto = (row: ExportRow, now = new Date()) => ({
  id: row.id,
  student_id: row.studentId,
  status: row.status,
  bytes: row.bytes,
  created_at: row.createdAt.toISOString(),
  requested_by: { id: row.requestedBy, name: row.requestedByName },
  expires_at: row.expiresAt?.toISOString() ?? null,
  downloaded_at: row.downloadedAt?.toISOString() ?? null,
  /** Ready and not expired: a download link may be asked for. */
  downloadable: row.status === 'ready' && row.expiresAt !== null && row.expiresAt > now,
});

/**
 * POST /api/students/{id}/export (super_admin, principal): records the export (pending), its read
 * in the access log and the audit, and makes the ZIP in the background once this has committed.
 * One export of a child is made at a time (409 while one is pending).
 */
export async function startExport(scope: ExportScope, input: z.output<typeof exportStudentInput>) {
  const { tx, user, church } = scope;
  const student = await findAccessibleStudent(scope, input.id);
  if ((await selectExportsOf(tx, church.id, student.id)).some((row) => row.status === 'pending')) {
    throw conflict(M.pending, { reason: 'export_pending' });
  }
  const row = await insertExport(tx, { churchId: church.id, studentId: student.id, requestedBy: user.id, requestedByName: user.name });
  await recordChildDataRead(tx, { churchId: church.id, studentId: student.id, kind: 'export', reader: user });
  await auditChurchChange(tx, {
    user, action: 'student.family_export_started', resourceType: 'student', resourceId: student.id,
    details: { export_id: row.id }, description: 'Family data export started',
  });
  const deps = { childData: scope.services.childData, db: scope.db, storage: scope.services.mediaStorage, log: scope.log };
  scope.afterCommit(() => makeExport(deps, { churchId: church.id, exportId: row.id, studentId: student.id }));
  return { id: row.id, status: 'pending' as const, message: M.started };
}

/** GET /api/students/{id}/exports (super_admin, principal): the child's exports, newest first. */
export async function listExports(scope: ExportScope, input: z.output<typeof exportStudentInput>) {
  const student = await findAccessibleStudent(scope, input.id);
  const now = new Date();
  return (await selectExportsOf(scope.tx, scope.church.id, student.id)).map((row) => toExportDto(row, now));
}

const firstName = (name: string) => name.trim().split(/\s+/)[0] || name;

/**
 * Whom the download link may be sent on WhatsApp: each guardian of the child, in order, with a wa.me
 * link holding a short message in the guardian's language (else the church's) with the address and
 * until when it works, or why not: no WhatsApp number, or no messages consent. The WhatsApp link is
 * the guardians module's own (GuardianDto.links), the one the follow-up list's buttons use: it exists
 * only for a guardian who agreed to messages, on the phone that has WhatsApp.
 */
function whatsappOffers(scope: ExportScope, guardians: GuardianDto[], facts: { child: string; url: string; expiresAt: Date }) {
  return guardians.map((g) => {
    const chat = g.links.phone.whatsapp ?? g.links.phone2?.whatsapp ?? null;
    const language = g.language ?? scope.church.default_language;
    const expires = formatDateAndTime(language, facts.expiresAt, scope.church.time_zone);
    const message = translatorFor(language)('privacy.documents.whatsappMessage', {
      church: scope.church.name, child: firstName(facts.child), url: facts.url, expires,
    });
    return {
      guardian_id: g.id,
      name: g.name,
      relation: g.relation,
      language,
      whatsapp_url: chat ? `${chat}?text=${encodeURIComponent(message)}` : null,
      /** Why there is no WhatsApp link: the guardian has no WhatsApp number (or not a valid one), or has not agreed to messages. */
      not_offered: chat ? null : g.whatsapp !== 'none' && !g.contact_consent ? 'no_consent' as const : 'no_whatsapp' as const,
    };
  });
}

/**
 * POST /api/exports/{id}/link (super_admin, principal): a fresh one-time download address for a
 * ready export (the previous one stops working); 409 once it is downloaded, failed or expired. The
 * link is its holder's credential: who asked for it is kept, and its download is logged as theirs.
 * With it, the child's guardians to send it to on WhatsApp (whatsappOffers).
 */
export async function createLink(scope: ExportScope, input: z.output<typeof exportRefInput>) {
  const { tx, user, church } = scope;
  const found = await selectExport(tx, church.id, input.id);
  if (!found) throw notFound(M.exportNotFound);
  const student = await findAccessibleStudent(scope, found.studentId);
  const { token, hash } = newDownloadToken();
  const row = await setLink(tx, church.id, found.id, hash, user);
  if (!row) throw conflict(M.notReady, { reason: 'export_not_downloadable' });
  await recordChildDataRead(tx, { churchId: church.id, studentId: student.id, kind: 'export', reader: user });
  await auditChurchChange(tx, {
    user, action: 'student.family_export_link_created', resourceType: 'student', resourceId: student.id,
    details: { export_id: row.id }, description: 'Family data export download link made',
  });
  const path = `/api/exports/download/${token}`;
  const url = `${scope.config.PUBLIC_URL}${path}`;
  const guardians = (await guardiansToContact(tx, church.id, [student.id])).get(student.id) ?? [];
  return {
    path, url, expires_at: row.expiresAt!.toISOString(),
    guardians: whatsappOffers(scope, guardians, { child: student.name, url, expiresAt: row.expiresAt! }),
  };
}
