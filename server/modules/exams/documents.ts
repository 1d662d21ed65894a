import type { z } from 'zod';
import type { examClassInput, reportCardsInput } from '../../../common/schemas/exams.js';
import { EXAM_MESSAGES as M } from '../../../common/exams.js';
import type { Locale } from '../../../common/i18n/locales.js';
import type { ChurchScope, TenantScope } from '../../core/scopes.js';
import { notFound } from '../../core/errors.js';
import { chunksOf } from '../../core/pdf/text.js';
import type { RestFile } from '../../rest/meta.js';
import { classYearAttendance } from '../attendance/index.js';
import { findAccessibleClass } from '../classes/index.js';
import { familyLanguage, guardiansToContact } from '../guardians/index.js';
import { activeChildrenOf, classOfChildInYear, examsOfYear, marksOfPapers, papersOf, remarksOf, selectScheme } from './queries.js';
import { finalResults } from './result-queries.js';
import { resultSheet } from './results.js';
import { reportCardsPdf, type ReportCard } from './report-card-pdf.js';
import { resultSheetPdf } from './result-sheet-pdf.js';

// The printed result sheet and report cards. Their facts are read in the request's transaction, by
// the same rules as the screens (a teacher their own classes: 404 for any other); the PDF is drawn
// while it is sent, after the transaction has ended, one row or one child at a time.

const fileNamePart = (text: string) => text.replace(/[^A-Za-z0-9]+/g, '-').replace(/^-+|-+$/g, '');
const fileName = (parts: string[]) => `${parts.map(fileNamePart).filter(Boolean).join('-')}.pdf`;

/** GET /api/exams/{exam_id}/classes/{class_id}/result-sheet.pdf: the result sheet, in the reader's language. */
export async function resultSheetDocument(scope: TenantScope, input: z.output<typeof examClassInput>): Promise<RestFile> {
  const sheet = await resultSheet(scope, input);
  const facts = {
    language: scope.user.language, churchName: scope.church.name,
    exam: { name: sheet.exam.name, academic_year: sheet.exam.academic_year, published: sheet.exam.published_at !== null },
    cls: sheet.class, scheme: sheet.scheme, papers: sheet.papers, rows: sheet.rows,
  };
  return {
    filename: fileName(['result-sheet', sheet.exam.name, sheet.class.class_name || 'class', sheet.class.section, sheet.exam.academic_year]),
    body: () => chunksOf(resultSheetPdf(facts)),
  };
}

/** What the report cards read of the church: its name, default language and clock (the academic year's months). */
type CardsScope = ChurchScope & { church: { id: string; name: string; default_language: Locale; time_zone: string } };
interface CardsClass { id: string; academicYear: string; className: string; section: string }

/**
 * GET /api/exams/classes/{class_id}/report-cards.pdf: the report cards of a class's year, every
 * child's (its active children and any who left with marks in an exam of the year) or one child's.
 * Each exam of the year with papers for the class, in the year's order; the final result when an
 * exam weighs; each page in the child's family's language.
 */
export async function reportCardsDocument(scope: TenantScope, input: z.output<typeof reportCardsInput>): Promise<RestFile> {
  const cls = await findAccessibleClass(scope.tx, scope.church.id, scope.user, input.class_id);
  return reportCardsFile(scope, cls, { studentId: input.student_id, publishedOnly: false, fallbackLanguage: scope.user.language });
}

/**
 * A guardian's report card through their link (report-card-links.ts): the child's card of the
 * link's year, in the link's language, with published exams only, and the year's final result only
 * once every exam that weighs in it is published. Undefined when the child had no class that year.
 */
export async function guardianReportCard(scope: CardsScope, link: { studentId: string; academicYear: string; language: Locale }) {
  const cls = await classOfChildInYear(scope.tx, scope.church.id, link.studentId, link.academicYear);
  if (!cls) return undefined;
  return reportCardsFile(scope, cls, { studentId: link.studentId, publishedOnly: true, language: link.language, fallbackLanguage: link.language });
}

async function reportCardsFile(
  scope: CardsScope, cls: CardsClass,
  options: { studentId: string | undefined; publishedOnly: boolean; language?: Locale; fallbackLanguage: Locale },
): Promise<RestFile> {
  const { tx, church } = scope;
  const [scheme, yearExams] = await Promise.all([selectScheme(tx, church.id), examsOfYear(tx, church.id, cls.academicYear)]);
  const exams = options.publishedOnly ? yearExams.filter((e) => e.published_at !== null) : yearExams;
  const weightOf = (e: (typeof yearExams)[number]) => e.weight ?? scheme.weights[e.kind];
  // A guardian sees the year's final result only once every exam that weighs in it is published.
  const finalShown = !options.publishedOnly || yearExams.every((e) => weightOf(e) === 0 || e.published_at !== null);
  const weights = exams.map((e) => ({ examId: e.id, weight: weightOf(e) }));
  const { exams: results, final } = await finalResults(tx, church.id, [cls.id], weights, scheme);

  // The children: each with a result row in an exam of the year, and the active children besides.
  const children = new Map<string, { student_id: string; name: string; roll_number: number }>();
  for (const row of [...results, ...await activeChildrenOf(tx, church.id, cls.id)]) {
    if (!children.has(row.student_id)) children.set(row.student_id, { student_id: row.student_id, name: row.name, roll_number: row.roll_number });
  }
  let chosen = [...children.values()].sort((a, b) => a.roll_number - b.roll_number);
  if (options.studentId !== undefined) {
    chosen = chosen.filter((c) => c.student_id === options.studentId);
    if (chosen.length === 0) throw notFound(M.childNotInClass);
  }
  const ids = chosen.map((c) => c.student_id);

  const papered = exams.filter((e) => results.some((r) => r.exam_id === e.id));
  const papers = (await Promise.all(papered.map((e) => papersOf(tx, church.id, e.id, [cls.id])))).flat();
  const [marks, remarks, attendance, guardians] = await Promise.all([
    marksOfPapers(tx, church.id, papers.map((p) => p.id)),
    Promise.all(papered.map((e) => remarksOf(tx, church.id, e.id, ids).then((rows) => rows.map((r) => ({ ...r, exam_id: e.id }))))).then((r) => r.flat()),
    classYearAttendance(scope, cls),
    guardiansToContact(tx, church.id, ids),
  ]);
  const markOf = new Map(marks.map((m) => [`${m.student_id} ${m.paper_id}`, m.absent ? 'AB' as const : m.marks]));
  const remarkOf = new Map(remarks.map((r) => [`${r.student_id} ${r.exam_id}`, r.remark]));
  const resultOf = new Map(results.map((r) => [`${r.student_id} ${r.exam_id}`, r]));
  const finalOf = new Map(finalShown ? final.map((f) => [f.student_id, f]) : []);

  const cards: ReportCard[] = chosen.map((child) => ({
    language: options.language ?? familyLanguage(guardians.get(child.student_id) ?? [], church.default_language),
    name: child.name,
    roll_number: child.roll_number,
    exams: papered.map((exam) => {
      const own = papers.filter((p) => p.examId === exam.id);
      const result = resultOf.get(`${child.student_id} ${exam.id}`);
      return {
        name: exam.name, published: exam.published_at !== null,
        papers: own.map((p) => ({ name: p.name, max_marks: p.maxMarks, mark: markOf.get(`${child.student_id} ${p.id}`) ?? null })),
        max_total: own.reduce((sum, p) => sum + p.maxMarks, 0),
        result: result ? { state: result.state, total: result.total, percentage: result.percentage, division: result.division, rank: result.rank } : null,
        remark: remarkOf.get(`${child.student_id} ${exam.id}`) ?? null,
      };
    }),
    final: finalOf.get(child.student_id) ?? null,
    attendance: attendance.get(child.student_id) ?? { present: 0, total: 0, percentage: null },
  }));
  const facts = {
    language: cards[0]?.language ?? options.fallbackLanguage, churchName: church.name, academicYear: cls.academicYear,
    cls: { class_name: cls.className, section: cls.section },
    weights: finalShown ? papered.map((e) => ({ name: e.name, weight: weightOf(e) })).filter((w) => w.weight > 0) : [],
    cards,
  };
  const who = chosen.length === 1 && options.studentId !== undefined ? chosen[0].name : '';
  return {
    filename: fileName(['report-cards', cls.className || 'class', cls.section, fileNamePart(who), cls.academicYear]),
    body: () => chunksOf(reportCardsPdf(facts)),
  };
}
