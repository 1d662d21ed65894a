import {
  addPaperInput, classFinalInput, copyYearInput, createExamInput, examClassInput, examListInput, examRefInput, paperRefInput, reportCardsInput,
  saveMarksInput, schemeInput, updateExamInput, updatePaperInput,
} from '../../../common/schemas/exams.js';
import { certificatesPdfInput, classCertificatesInput, verifyCertificateInput } from '../../../common/schemas/certificates.js';
import { reportCardLinkInput } from '../../../common/schemas/report-card-links.js';
import { capabilityProcedure, publicProcedure, router } from '../../trpc/init.js';
import { rest } from '../../rest/meta.js';
import { certificatesDocument, classCertificates, issueCertificates } from './certificates.js';
import { verifyCertificate } from './certificate-verify.js';
import { reportCardsDocument, resultSheetDocument } from './documents.js';
import { examAmendments, markList, publishExam, saveMarks, unpublishExam } from './marks.js';
import { shareReportCard } from './report-card-links.js';
import { resultSheet, resultsSummary, yearFinalResults } from './results.js';
import {
  addPaper, copyLastYear, createExam, deleteExam, deletePaper, examDetail, listExams, resultScheme, setResultScheme, updateExam, updatePaper,
} from './setup.js';

const SHEET = 'roll-number order: children [{ student_id, name, roll_number, active, marks (one per paper, in the papers\' order: '
  + 'a number, "AB" absent, null not entered), remark }]';
const RESULT = 'state (complete | absent: AB in every paper | pending: a paper not entered), total, percentage (one decimal, half up), '
  + 'division (distinction | first_class | second_class | pass | fail: a paper below the pass mark), grade, rank (competition ranking of '
  + 'complete results by total: ties share, the next is skipped)';

const CERTIFICATE = '{ id, student_id, academic_year, class_id, class_name, section (as printed), kind (merit | completion), rank (1-3 for '
  + 'merit, null), holder_name (as printed), code (the verification code, "7KQ2M-XW9DT"), issued_at }';

/** A class's certificates of its year (certificates.ts states who gets one), and their public check. */
const certificatesRouter = router({
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

/** Principals and super admins set up the exams and publish the results; teachers enter their own
 * classes' marks and read their sheets; guests nothing. */
export const examsRouter = router({
  list: capabilityProcedure('viewExams')
    .meta(rest('GET', '/api/exams', 'The exams of an academic year (query academic_year; the church\'s current year by default): '
      + '{ academic_year, exams [{ id, name, kind, starts_on, ends_on, weight, published_at, papers }] }'))
    .input(examListInput).query(({ ctx, input }) => listExams(ctx, input)),
  create: capabilityProcedure('manageExams')
    .meta(rest('POST', '/api/exams', 'Make an exam of an academic year (name unique in the year; kind test | half_yearly | annual; '
      + 'starts_on, ends_on; weight 0-100 in the year\'s final result, null: the scheme\'s of its kind) with the default paper '
      + '"Scripture" of 100 in each class of the year. Audited. Answers the exam and its classes\' papers', { successStatus: 201 }))
    .input(createExamInput).mutation(({ ctx, input }) => createExam(ctx, input)),
  scheme: capabilityProcedure('viewExams')
    .meta(rest('GET', '/api/exams/scheme', 'The church\'s result scheme: pass_percent, distinction_percent, first_class_percent, '
      + 'second_class_percent, grade_bands [{ grade, min_percent }], weights { test, half_yearly, annual }'))
    .query(({ ctx }) => resultScheme(ctx)),
  setScheme: capabilityProcedure('manageExams')
    .meta(rest('PUT', '/api/exams/scheme', 'Set the whole result scheme (pass ≤ second ≤ first ≤ distinction ≤ 100). Results are '
      + 'computed from it when read, published ones too. Audited with the scheme before'))
    .input(schemeInput).mutation(({ ctx, input }) => setResultScheme(ctx, input)),
  copyYear: capabilityProcedure('manageExams')
    .meta(rest('POST', '/api/exams/copy-year', 'Copy the year before\'s exams (dates a year on) and each class\'s papers (by class name '
      + 'and section; the default paper where none) into academic_year, which must have no exams (409 year_has_exams). Audited',
    { successStatus: 201 }))
    .input(copyYearInput).mutation(({ ctx, input }) => copyLastYear(ctx, input)),
  get: capabilityProcedure('viewExams')
    .meta(rest('GET', '/api/exams/{exam_id}', 'An exam and the papers of each class of its year (a teacher: their own classes)'))
    .input(examRefInput).query(({ ctx, input }) => examDetail(ctx, input)),
  update: capabilityProcedure('manageExams')
    .meta(rest('PUT', '/api/exams/{exam_id}', 'Change an exam\'s name, kind, dates and weight. Audited'))
    .input(updateExamInput).mutation(({ ctx, input }) => updateExam(ctx, input)),
  delete: capabilityProcedure('manageExams')
    .meta(rest('DELETE', '/api/exams/{exam_id}', 'Delete an exam with no marks entered (409 exam_has_marks). Audited'))
    .input(examRefInput).mutation(({ ctx, input }) => deleteExam(ctx, input)),
  addPaper: capabilityProcedure('manageExams')
    .meta(rest('POST', '/api/exams/{exam_id}/papers', 'Add a paper (name, max_marks 1-1000, half_marks_allowed) for a class of the '
      + 'exam\'s year; not once published. Audited', { successStatus: 201 }))
    .input(addPaperInput).mutation(({ ctx, input }) => addPaper(ctx, input)),
  updatePaper: capabilityProcedure('manageExams')
    .meta(rest('PUT', '/api/exams/papers/{paper_id}', 'Change a paper\'s name, maximum (not below a mark entered: 409 max_below_marks) '
      + 'and half marks (not off while a half mark is entered: 409 half_marks_in_use); not once published. Audited'))
    .input(updatePaperInput).mutation(({ ctx, input }) => updatePaper(ctx, input)),
  deletePaper: capabilityProcedure('manageExams')
    .meta(rest('DELETE', '/api/exams/papers/{paper_id}', 'Remove a paper with no marks entered (409 paper_has_marks); not once published. Audited'))
    .input(paperRefInput).mutation(({ ctx, input }) => deletePaper(ctx, input)),
  marks: capabilityProcedure('enterMarks')
    .meta(rest('GET', '/api/exams/{exam_id}/classes/{class_id}/marks', `A class's mark list (a teacher: their own classes): papers, ${SHEET}, entered, total`))
    .input(examClassInput).query(({ ctx, input }) => markList(ctx, input)),
  saveMarks: capabilityProcedure('enterMarks')
    .meta(rest('PUT', '/api/exams/{exam_id}/classes/{class_id}/marks', 'Save a class\'s mark list whole or not at all: write_id (made by '
      + 'the device; the same save sent again is applied once and answered with the list, replayed true), entries [{ student_id, '
      + 'paper_id, value: marks (whole, or half where the paper allows; at most its maximum), "AB" absent, null clears }], remarks '
      + '[{ student_id, remark | null }]. A bad cell: 400 naming its roll number and paper. Published results lock the marks (409 '
      + 'exam_published): a correction needs amendment_reason and a principal or super admin (403 amendment_by_managers); each changed '
      + 'mark is recorded and audited. Answers the mark list, replayed, amended, message'))
    .input(saveMarksInput).mutation(({ ctx, input }) => saveMarks(ctx, input)),
  results: capabilityProcedure('viewExams')
    .meta(rest('GET', '/api/exams/{exam_id}/classes/{class_id}/results', `A class's result sheet (a teacher: their own classes): scheme, papers, rows in `
      + `roll-number order [{ student_id, name, roll_number, marks, entered, papers, max_total, ${RESULT} }]`))
    .input(examClassInput).query(({ ctx, input }) => resultSheet(ctx, input)),
  resultSheetPdf: capabilityProcedure('viewExams')
    .meta(rest('GET', '/api/exams/{exam_id}/classes/{class_id}/result-sheet.pdf', 'The class\'s result sheet as a printable A4 landscape '
      + 'PDF (a teacher: their own classes): church, exam, class and year on every page; a row per child in roll-number order: roll '
      + 'number, name, each paper\'s marks (the language\'s AB for absent), total, percentage, result (division, fail, absent or not '
      + 'complete), rank; the result scheme, "provisional" while unpublished, and signature lines. In the reader\'s language',
    { file: { contentType: 'application/pdf', description: 'A PDF download' } }))
    .input(examClassInput).query(({ ctx, input }) => resultSheetDocument(ctx, input)),
  reportCards: capabilityProcedure('viewExams')
    .meta(rest('GET', '/api/exams/classes/{class_id}/report-cards.pdf', 'The report cards of a class\'s year as an A4 PDF, one page '
      + 'per child in roll-number order, or one child\'s (query student_id; 404 when not in the class). A teacher: their own classes. '
      + 'Each page: church, year, class, the child; each exam with each paper\'s marks, total, percentage, result, rank in class and '
      + 'the teacher\'s remark; the year\'s final result (the exams\' weights); the year\'s attendance (days present of days marked, '
      + '%); signature lines for the class teacher and the headmaster. Each page in the child\'s family\'s language (the first '
      + 'guardian\'s who has one, else the church\'s)',
    { file: { contentType: 'application/pdf', description: 'A PDF download' } }))
    .input(reportCardsInput).query(({ ctx, input }) => reportCardsDocument(ctx, input)),
  summary: capabilityProcedure('manageExams')
    .meta(rest('GET', '/api/exams/{exam_id}/summary', 'The church\'s results of an exam, class by class in school order: papers, children, '
      + 'entered of entries, complete, absent, passed, top [{ rank, student_id, name, total, percentage }] (ranks 1-3)'))
    .input(examRefInput).query(({ ctx, input }) => resultsSummary(ctx, input)),
  finalResults: capabilityProcedure('viewExams')
    .meta(rest('GET', '/api/exams/classes/{class_id}/final-results', 'A class\'s year (a teacher: their own classes): its exams with '
      + 'their weights, and each child\'s result in each and final result (the weighted mean of the exams\' percentages, one decimal '
      + 'half up; an exam absent counts 0; pending while an exam is not entered), with division, grade and rank'))
    .input(classFinalInput).query(({ ctx, input }) => yearFinalResults(ctx, input)),
  publish: capabilityProcedure('manageExams')
    .meta(rest('POST', '/api/exams/{exam_id}/publish', 'Publish an exam\'s results: its marks lock (a correction is then recorded). Audited'))
    .input(examRefInput).mutation(({ ctx, input }) => publishExam(ctx, input)),
  unpublish: capabilityProcedure('manageExams')
    .meta(rest('POST', '/api/exams/{exam_id}/unpublish', 'Withdraw an exam\'s results: its marks can be changed again; when it weighs in the year\'s final result, '
      + 'the certificates of its classes of that year are withdrawn (their check then answers 410). Audited'))
    .input(examRefInput).mutation(({ ctx, input }) => unpublishExam(ctx, input)),
  amendments: capabilityProcedure('manageExams')
    .meta(rest('GET', '/api/exams/{exam_id}/amendments', 'The corrections made after publishing, newest first: [{ id, paper_id, '
      + 'student_id, old_marks, old_absent, new_marks, new_absent, reason, amended_by, amended_at }]'))
    .input(examRefInput).query(({ ctx, input }) => examAmendments(ctx, input)),
  shareReportCard: capabilityProcedure('viewExams')
    .meta(rest('POST', '/api/exams/report-card-links', 'A guardian\'s link to the child\'s report card of the year of the child\'s class '
      + '(student_id, guardian_id; a teacher: their own classes\' children), once an exam of the class is published (409 '
      + 'no_published_results), for a guardian who agreed to be contacted (409 no_contact_consent). Only the token\'s hash is kept; the '
      + 'link opens GET /api/report-cards/{token} for 24 hours from its first opening, within 7 days, and replaces the guardian\'s '
      + 'earlier link of the year. Audited. Answers { id, url, expires_at, language, whatsapp_url: a wa.me link with the message in the '
      + 'guardian\'s language, or null without WhatsApp }', { successStatus: 201 }))
    .input(reportCardLinkInput).mutation(({ ctx, input }) => shareReportCard(ctx, ctx.config.PUBLIC_URL, input)),
  // Certificates of a class's year and their public check (above).
  certificates: certificatesRouter,
});
