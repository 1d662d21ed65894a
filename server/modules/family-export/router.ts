import { consentFormInput, exportRefInput, exportStudentInput } from '../../../common/schemas/family-export.js';
import { capabilityProcedure, router } from '../../trpc/init.js';
import { rest } from '../../rest/meta.js';
import { consentForm, createLink, listExports, startExport } from './service.js';

// The download of an export is a plain Fastify route (download-route.ts): its credential is the
// link's token, and its body a stored file sent once.
const exporters = capabilityProcedure('exportFamilyData');

export const familyExportRouter = router({
  consentForm: capabilityProcedure('viewSafetyCards')
    .meta(rest('GET', '/api/students/{id}/consent-form', 'The printable consent form of a child (A4 PDF): the church, the child and '
      + 'class, the guardians, the privacy notice, a Given / Not given box for each purpose, the parent-or-guardian and 18-or-older '
      + 'confirmations, signature, name and date lines, the address of the public notice page; in the family\'s language (the first '
      + 'guardian\'s who has one, else the church\'s: the safety card\'s family_language) or lang (en, ml, ta, hi). Staff who may reach '
      + 'the child (a teacher: their own classes)',
    { file: { contentType: 'application/pdf', description: 'A PDF download' } }))
    .input(consentFormInput).query(({ ctx, input }) => consentForm(ctx, input)),
  start: exporters
    .meta(rest('POST', '/api/students/{id}/export', 'Start an export of all of a child\'s data for the family (super_admin, principal): '
      + 'answers 202 { id, status: pending } and makes the ZIP in the background (status becomes ready, or failed); 409 while an '
      + 'export of the child is pending. Audited and recorded in the access log', { successStatus: 202 }))
    .input(exportStudentInput).mutation(({ ctx, input }) => startExport(ctx, input)),
  list: exporters
    .meta(rest('GET', '/api/students/{id}/exports', 'A child\'s exports, newest first: status (pending, ready, failed, downloaded), bytes, '
      + 'who asked, expires_at, downloaded_at, downloadable (ready and not expired)'))
    .input(exportStudentInput).query(({ ctx, input }) => listExports(ctx, input)),
  link: exporters
    .meta(rest('POST', '/api/exports/{id}/link', 'A fresh one-time download address (path, url) of a ready export, valid until it '
      + 'expires (expires_at); the previous address stops working. With it the child\'s guardians in order (guardian_id, name, relation, '
      + 'language), each with whatsapp_url (wa.me with a short message in the guardian\'s language, else the church\'s, holding the '
      + 'address and its expiry) only when the guardian agreed to messages and has WhatsApp, else not_offered (no_whatsapp, no_consent). '
      + '409 once downloaded, failed or expired. Audited and recorded in the access log'))
    .input(exportRefInput).mutation(({ ctx, input }) => createLink(ctx, input)),
});
