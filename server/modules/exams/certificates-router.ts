import { certificatesPdfInput, classCertificatesInput, verifyCertificateInput } from '../../../common/schemas/certificates.js';
import { rest } from '../../rest/meta.js';
import { capabilityProcedure, publicProcedure, router } from '../../trpc/init.js';
import { certificatesDocument, classCertificates, issueCertificates } from './certificates.js';
import { verifyCertificate } from './certificate-verify.js';

const CERTIFICATE = '{ id, student_id, academic_year, class_id, class_name, section (as printed), kind (merit | completion), rank (1-3 for '
  + 'merit, null), holder_name (as printed), code (the verification code, "7KQ2M-XW9DT"), issued_at }';

/** A class's certificates of its year (certificates.ts states who gets one), and their public check. */
export const certificatesRouter = router({
  issue: capabilityProcedure('manageExams')
    .meta(rest('POST', '/api/exams/classes/{class_id}/certificates', 'Issue the class\'s certificates of its year from the year\'s '
      + 'final result: merit for ranks 1-3 that pass (ties share a rank: 1, 2, 2 gives three), completion for every child of the '
      + 'church\'s final class (the last of its class list) who passes. Only once every exam that weighs in the year is published '
      + '(409 final_result_not_published; 409 no_final_result when none weighs). Issuing again keeps the codes of unchanged '
      + 'certificates, withdraws those no longer given and makes the new ones. Audited. Answers the class, its certificates '
      + `[${CERTIFICATE}], issued, kept, withdrawn`))
    .input(classCertificatesInput).mutation(({ ctx, input }) => issueCertificates(ctx, input)),
  list: capabilityProcedure('viewExams')
    .meta(rest('GET', '/api/exams/classes/{class_id}/certificates', 'The class\'s certificates that stand (a teacher: their own '
      + `classes): class { id, class_name, section, academic_year, final_class }, certificates [${CERTIFICATE}]`))
    .input(classCertificatesInput).query(({ ctx, input }) => classCertificates(ctx, input)),
  pdf: capabilityProcedure('viewExams')
    .meta(rest('GET', '/api/exams/classes/{class_id}/certificates.pdf', 'The class\'s certificates as a PDF, one A4 landscape page '
      + 'each, or one child\'s (query student_id; 404 no_certificate). A teacher: their own classes; 404 no_certificates when none '
      + 'stands. Each page: church, title, holder, class, year, signature lines for the class teacher and the headmaster, the day '
      + 'of issue, the verification code and a QR code of PUBLIC_URL/verify/<code>; in the child\'s family\'s language',
    { file: { contentType: 'application/pdf', description: 'A PDF download' } }))
    .input(certificatesPdfInput).query(({ ctx, input }) => certificatesDocument(ctx, ctx.config.PUBLIC_URL, input)),
  verify: publicProcedure
    .meta(rest('GET', '/api/certificates/verify/{code}', 'Check a certificate by its code, no sign-in (what its QR code opens; the '
      + 'code grouped or not, any case): { holder_name, church_name, academic_year, title, class_name, issued_on } and nothing else, '
      + 'the title and class in lang (en, ml, ta, hi; default the church\'s language). 404 certificate_not_found for an unknown code '
      + '(an address may ask 20 unknown codes in 15 minutes, then 429), 410 certificate_withdrawn when withdrawn', { public: true }))
    .input(verifyCertificateInput).query(({ ctx, input }) => verifyCertificate(ctx, input)),
});
