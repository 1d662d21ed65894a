import { sql, type SQL } from 'drizzle-orm';
import { enrolments, examMarks, examPapers, students } from '../../../drizzle/schema/index.js';
import type { Division, ResultScheme, ResultState } from '../../../common/exams.js';
import { rowsOf, type Tx } from '../../db/index.js';

/**
 * The results, computed in SQL from the marks, the papers and the church's result scheme:
 * - a child's result in an exam is complete when every paper of their class is entered and they are
 *   not absent in all of them; absent in every paper: no result ('absent'); a paper not entered yet:
 *   no result yet ('pending'). Neither is ranked.
 * - total: the sum of the marks (a paper the child was absent in counts 0); percentage: total × 100 /
 *   the papers' maximum, rounded to one decimal, half up (PostgreSQL's round of a numeric, exact).
 * - pass: every paper at or above the pass mark (the scheme's pass percentage of that paper's maximum,
 *   compared exactly, no rounding); a paper the child was absent in is failed.
 * - division: fail, or by the rounded percentage: distinction, first class, second class, else pass.
 * - grade: the highest grade band whose lowest percentage the rounded percentage reaches (none: null).
 * - rank: standard competition ranking over the total, highest first, among complete results only:
 *   equal totals share a rank and the next rank is skipped (rank()).
 */

export interface ChildResultRow {
  exam_id: string;
  class_id: string;
  student_id: string;
  name: string;
  roll_number: number;
  state: ResultState;
  entered: number;
  papers: number;
  total: number;
  max_total: number;
  percentage: number | null;
  division: Division | null;
  grade: string | null;
  rank: number | null;
}

const num = (value: number) => sql`${String(value)}::numeric`;

/** The grade of a percentage (SQL), from the bands as values of the statement. */
function gradeOf(percentage: SQL, scheme: ResultScheme): SQL {
  const bands = [...scheme.grade_bands].sort((a, b) => b.min_percent - a.min_percent);
  if (bands.length === 0) return sql`null::text`;
  return sql`case ${sql.join(bands.map((b) => sql`when ${percentage} >= ${num(b.min_percent)} then ${b.grade}::text`), sql` `)} end`;
}

/** The division of a passed or failed result (SQL), from its rounded percentage. */
const divisionOf = (percentage: SQL, passed: SQL, scheme: ResultScheme) => sql`case when not ${passed} then 'fail'
  when ${percentage} >= ${num(scheme.distinction_percent)} then 'distinction'
  when ${percentage} >= ${num(scheme.first_class_percent)} then 'first_class'
  when ${percentage} >= ${num(scheme.second_class_percent)} then 'second_class' else 'pass' end`;

/**
 * Each child's result in the exams given (of the classes given, or of every class with papers), as
 * rows of (exam, class, child). The children of a class are its enrolments: its active children, and
 * a child who left with marks in the exam already.
 */
function childResults(churchId: string, examIds: readonly string[], classIds: readonly string[] | null, scheme: ResultScheme): SQL {
  const c = sql`${churchId}::uuid`;
  const complete = sql`r.state = 'complete'`;
  return sql`select r.exam_id, r.class_id, r.student_id, r.name, r.roll_number, r.state, r.entered, r.papers,
      r.total::float8 as total, r.max_total,
      case when ${complete} then r.percentage::float8 end as percentage,
      case when ${complete} then ${divisionOf(sql`r.percentage`, sql`r.passed_all`, scheme)} end as division,
      case when ${complete} then ${gradeOf(sql`r.percentage`, scheme)} end as grade,
      (case when ${complete} then rank() over (partition by r.exam_id, r.class_id, r.state order by r.total desc) end)::int as rank
    from (
      select a.*, case when a.entered < a.papers then 'pending' when a.absent_papers = a.papers then 'absent' else 'complete' end as state,
        round(a.total * 100 / a.max_total, 1) as percentage
      from (
        select p.exam_id, p.class_id, e.student_id, s.name, e.roll_number,
          count(*)::int as papers, count(m.id)::int as entered, (count(*) filter (where m.absent))::int as absent_papers,
          coalesce(sum(m.marks), 0) as total, sum(p.max_marks)::int as max_total,
          bool_and(coalesce(m.marks * 100 >= ${num(scheme.pass_percent)} * p.max_marks, false)) as passed_all
        from ${examPapers} p
        join ${enrolments} e on e.church_id = ${c} and e.class_id = p.class_id
        join ${students} s on s.church_id = ${c} and s.id = e.student_id
        left join ${examMarks} m on m.church_id = ${c} and m.paper_id = p.id and m.student_id = e.student_id
        where p.church_id = ${c} and p.exam_id in (${sql.join(examIds.map((id) => sql`${id}::uuid`), sql`, `)})
          ${classIds ? sql`and p.class_id in (${sql.join(classIds.map((id) => sql`${id}::uuid`), sql`, `)})` : sql``}
          and (s.active or exists (select 1 from ${examMarks} x where x.church_id = ${c} and x.exam_id = p.exam_id and x.student_id = e.student_id))
        group by p.exam_id, p.class_id, e.student_id, s.name, e.roll_number
      ) a
    ) r`;
}

/** A class's results in one exam, in roll-number order. */
export async function classResults(tx: Tx, churchId: string, examId: string, classId: string, scheme: ResultScheme): Promise<ChildResultRow[]> {
  return rowsOf<ChildResultRow>(await tx.execute(sql`${childResults(churchId, [examId], [classId], scheme)} order by r.roll_number, r.name, r.student_id`));
}

export interface ClassSummaryRow {
  class_id: string;
  children: number;
  entered: number;
  entries: number;
  complete: number;
  absent: number;
  passed: number;
  top: Array<{ rank: number; student_id: string; name: string; total: number; percentage: number }>;
}

/** Every class's figures in one exam: marks entered of all, results, passes, and the first three ranks. */
export async function churchResults(tx: Tx, churchId: string, examId: string, scheme: ResultScheme): Promise<ClassSummaryRow[]> {
  return rowsOf<ClassSummaryRow>(await tx.execute(sql`select t.class_id, count(*)::int as children, sum(t.entered)::int as entered,
      sum(t.papers)::int as entries, (count(*) filter (where t.state = 'complete'))::int as complete,
      (count(*) filter (where t.state = 'absent'))::int as absent,
      (count(*) filter (where t.state = 'complete' and t.division <> 'fail'))::int as passed,
      coalesce(jsonb_agg(jsonb_build_object('rank', t.rank, 'student_id', t.student_id, 'name', t.name, 'total', t.total, 'percentage', t.percentage)
        order by t.rank, t.roll_number) filter (where t.rank <= 3), '[]'::jsonb) as top
    from (${childResults(churchId, [examId], null, scheme)}) t
    group by t.class_id`));
}

export interface FinalResultRow {
  class_id: string;
  student_id: string;
  name: string;
  roll_number: number;
  state: ResultState;
  percentage: number | null;
  division: Division | null;
  grade: string | null;
  rank: number | null;
}

/**
 * The results of classes (of one year each; one class, or several years' classes, as the safety card
 * reads a child's) in every exam of their year given (with their weights), and the year's final
 * result, ranked within each class: the weighted mean of the exams' percentages as shown (one decimal), Σ weight × percentage /
 * Σ weight over the exams that weigh (weight > 0), rounded to one decimal, half up. An exam the child
 * was absent in counts 0 %; an exam not entered yet leaves the final result pending; absent in every
 * weighed exam: no final result. It passes at the pass mark; its division and rank as an exam's.
 */
export async function finalResults(
  tx: Tx, churchId: string, classIds: readonly string[], weights: ReadonlyArray<{ examId: string; weight: number }>, scheme: ResultScheme,
): Promise<{ exams: ChildResultRow[]; final: FinalResultRow[] }> {
  const examIds = weights.map((w) => w.examId);
  if (examIds.length === 0 || classIds.length === 0) return { exams: [], final: [] };
  const rows = childResults(churchId, examIds, classIds, scheme);
  const exams = rowsOf<ChildResultRow>(await tx.execute(sql`${rows} order by r.roll_number, r.name, r.student_id, r.exam_id`));
  const weighed = weights.filter((w) => w.weight > 0);
  if (weighed.length === 0) return { exams, final: [] };
  const weight = sql`(case t.exam_id ${sql.join(weighed.map((w) => sql`when ${w.examId}::uuid then ${w.weight}::int`), sql` `)} else 0 end)`;
  const complete = sql`f.state = 'complete'`;
  const final = rowsOf<FinalResultRow>(await tx.execute(sql`select f.class_id, f.student_id, f.name, f.roll_number, f.state,
      case when ${complete} then f.percentage::float8 end as percentage,
      case when ${complete} then ${divisionOf(sql`f.percentage`, sql`(f.percentage >= ${num(scheme.pass_percent)})`, scheme)} end as division,
      case when ${complete} then ${gradeOf(sql`f.percentage`, scheme)} end as grade,
      (case when ${complete} then rank() over (partition by f.class_id, f.state order by f.percentage desc) end)::int as rank
    from (
      select g.*, case when g.pending > 0 then 'pending' when g.absent = g.exams then 'absent' else 'complete' end as state
      from (
        select t.class_id, t.student_id, t.name, t.roll_number, count(*)::int as exams,
          (count(*) filter (where t.state = 'pending'))::int as pending, (count(*) filter (where t.state = 'absent'))::int as absent,
          round(sum(${weight} * coalesce(t.percentage, 0)::numeric) / sum(${weight}), 1) as percentage
        from (${rows}) t
        where ${weight} > 0
        group by t.class_id, t.student_id, t.name, t.roll_number
      ) g
    ) f
    order by f.class_id, f.roll_number, f.name, f.student_id`));
  return { exams, final };
}
