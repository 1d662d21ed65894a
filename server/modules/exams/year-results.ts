import type { Division, ResultScheme } from '../../../common/exams.js';
import type { Tx } from '../../db/index.js';
import { examsOfYears, selectScheme } from './queries.js';
import { finalResults } from './result-queries.js';

/** A child's final result of a year in their class, as published: percentage (one decimal), division, rank in the class. */
export interface PublishedYearResult {
  class_id: string;
  student_id: string;
  percentage: number;
  division: Division;
  rank: number;
}

/**
 * Where a year's final result stands, from the year's exams: the exams that weigh in it (weight > 0:
 * the exam's own, else the scheme's of its kind) and whether it is published. A year counts once it
 * has an exam that weighs and every such exam is published; 'none' when no exam weighs.
 */
export function finalResultStanding(
  yearExams: ReadonlyArray<{ id: string; kind: keyof ResultScheme['weights']; weight: number | null; published_at: Date | null }>, scheme: ResultScheme,
): { state: 'none' | 'unpublished' | 'published'; weights: Array<{ examId: string; weight: number }> } {
  const weighed = yearExams.map((e) => ({ ...e, weight: e.weight ?? scheme.weights[e.kind] })).filter((e) => e.weight > 0);
  const state = weighed.length === 0 ? 'none' : weighed.every((e) => e.published_at !== null) ? 'published' : 'unpublished';
  return { state, weights: weighed.map((e) => ({ examId: e.id, weight: e.weight })) };
}

/**
 * The year's final results of the classes given (each of its academic year), for years whose results
 * are published: a year counts once it has an exam that weighs in the final result and every such
 * exam is published (a year half published has no final result yet, as one with an exam not entered).
 * Only complete results: a child absent in every exam, or with an exam not entered, has none. The
 * rollover proposes holding back a child who failed it; the safety card shows it beside attendance.
 */
export async function publishedFinalResults(
  tx: Tx, churchId: string, classes: ReadonlyArray<{ classId: string; academicYear: string }>,
): Promise<PublishedYearResult[]> {
  if (classes.length === 0) return [];
  const years = [...new Set(classes.map((c) => c.academicYear))];
  const [scheme, exams] = await Promise.all([selectScheme(tx, churchId), examsOfYears(tx, churchId, years)]);
  const standings = new Map(years.map((year) => [year, finalResultStanding(exams.filter((e) => e.academic_year === year), scheme)]));
  const published = (year: string) => standings.get(year)!.state === 'published';
  const classIds = classes.filter((c) => published(c.academicYear)).map((c) => c.classId);
  const weights = years.filter(published).flatMap((year) => standings.get(year)!.weights);
  const { final } = await finalResults(tx, churchId, classIds, weights, scheme);
  return final.filter((f) => f.state === 'complete').map((f) => ({
    class_id: f.class_id, student_id: f.student_id, percentage: f.percentage!, division: f.division!, rank: f.rank!,
  }));
}
