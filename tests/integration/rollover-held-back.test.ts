import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { randomUUID } from 'node:crypto';
import { and, eq, inArray } from 'drizzle-orm';
import { students } from '../../drizzle/schema/index.js';
import { previousYear } from '../../common/rollover.js';
import { startTestApp, type TestApp } from '../helpers/app.js';
import { churchWithSessions } from '../helpers/church-session.js';
import { createClassWithStudents, type Json } from '../helpers/fixtures.js';

// Promotion after the year's exams (issue 44), through real HTTP: a child who failed the ending
// year's published final result is proposed held back, the principal overrides a child either way,
// the commit places the held-back children in the new year's class of their old name and section,
// and the undo takes it all back; the child's history (the safety card) shows each year's result
// beside attendance once that year's results are published.

let app: TestApp;

beforeAll(async () => { app = await startTestApp(); }, 60_000);
afterAll(async () => { await app?.close(); });

/**
 * The ending year's marks, Scripture of 100 in both exams, and the final result by the default
 * weights (half-yearly 40 %, annual 60 %), worked out by hand:
 * 3rd A:  Abel  80, 90: 32 + 54 = 86.0 % distinction, rank 1
 *         Bina  30, 20: 12 + 12 = 24.0 % fail (below 35), rank 3
 *         Cyril 30, 60: 12 + 36 = 48.0 % pass (failed the half-yearly, passed the year), rank 2
 *         Dora  40, not entered: pending, no result
 * 12th:   Eapen 10, 20:  4 + 12 = 16.0 % fail, rank 2 (the last class: leaving unless held back)
 *         Fiona 70, 80: 28 + 48 = 76.0 % distinction, rank 1
 */
const MARKS: Record<string, [number, number | null]> = {
  Abel: [80, 90], Bina: [30, 20], Cyril: [30, 60], Dora: [40, null], Eapen: [10, 20], Fiona: [70, 80],
};
const RESULTS = {
  Abel: { percentage: 86, division: 'distinction', rank: 1 },
  Bina: { percentage: 24, division: 'fail', rank: 3 },
  Cyril: { percentage: 48, division: 'pass', rank: 2 },
  Dora: null,
  Eapen: { percentage: 16, division: 'fail', rank: 2 },
  Fiona: { percentage: 76, division: 'distinction', rank: 1 },
};

/** A church whose ending year has 3rd A and 12th with the marks above entered in its two exams, none published. */
async function churchWithExams() {
  const c = await churchWithSessions(app);
  const toYear = (await c.s.principal.get('/api/gallery/academic-year/config')).body.data.current as string;
  const fromYear = previousYear(toYear);
  const [third, twelfth] = await Promise.all([
    createClassWithStudents(app.db, c.church.id, { className: '3rd', section: 'A', teacherId: c.users.teacher.id, academicYear: fromYear, names: ['Abel', 'Bina', 'Cyril', 'Dora'] }),
    createClassWithStudents(app.db, c.church.id, { className: '12th', section: '', academicYear: fromYear, names: ['Eapen', 'Fiona'] }),
  ]);
  const kid = Object.fromEntries([...third.students, ...twelfth.students].map((s) => [s.name, s.id]));
  const exams: string[] = [];
  for (const [e, [name, kind]] of [['Half-yearly', 'half_yearly'], ['Annual', 'annual']].entries()) {
    const made = await c.s.principal.post('/api/exams', { academic_year: fromYear, name, kind });
    expect(made.status, made.body.message).toBe(201);
    exams.push(made.body.data.exam.id);
    for (const cls of made.body.data.classes as Json[]) {
      const names = cls.id === third.class.id ? third.students : twelfth.students;
      const entries = names.map((s) => ({ student_id: s.id, paper_id: cls.papers[0].id, value: MARKS[s.name][e] }));
      const saved = await c.s.principal.put(`/api/exams/${exams[e]}/classes/${cls.id}/marks`, { write_id: randomUUID(), entries });
      expect(saved.status, saved.body.message).toBe(200);
    }
  }
  const publish = async (e: number, on = true) => {
    const res = await c.s.principal.post(`/api/exams/${exams[e]}/${on ? 'publish' : 'unpublish'}`);
    expect(res.status, res.body.message).toBe(200);
  };
  return { c, fromYear, toYear, kid, third: third.class, twelfth: twelfth.class, publish };
}

const childrenOf = (proposal: Json) => Object.fromEntries((proposal.classes as Json[]).flatMap((cls) => cls.children)
  .map((child: Json) => [child.name, [child.final_result, child.held_back_suggested]]));
const layoutOf = (preview: Json) => ({
  classes: (preview.classes as Json[]).map((cls) => [cls.class_name, cls.section, cls.children.map((ch: Json) => [ch.roll_number, ch.name, ch.outcome])]),
  leaving: (preview.leaving as Json[]).map((ch) => ch.name),
  totals: preview.totals,
});

describe('a child who failed the year', () => {
  it('is proposed held back once the year\'s results are published, with the result as the reason', async () => {
    const { c, fromYear, kid, publish } = await churchWithExams();
    const s = c.s.principal;
    const nothing = Object.fromEntries(Object.keys(MARKS).map((name) => [name, [null, false]]));
    const moves = {
      classes: [['LKG', '', []], ['4th', 'A', [[1, 'Abel', 'moves'], [2, 'Bina', 'moves'], [3, 'Cyril', 'moves'], [4, 'Dora', 'moves']]]],
      leaving: ['Eapen', 'Fiona'],
      totals: { classes_created: 2, children_moved: 4, held_back: 0, leaving: 2 },
    };
    // Unpublished, and half published (the annual still out): no final result, everyone goes as today.
    expect(childrenOf((await s.get('/api/rollover')).body.data)).toEqual(nothing);
    expect(layoutOf((await s.post('/api/rollover/preview', { from_year: fromYear })).body.data)).toEqual(moves);
    await publish(0);
    expect(childrenOf((await s.get('/api/rollover')).body.data)).toEqual(nothing);

    await publish(1);
    const proposal = (await s.get('/api/rollover')).body.data;
    expect(childrenOf(proposal)).toEqual(Object.fromEntries(Object.entries(RESULTS).map(([name, r]) => [name, [r, r?.division === 'fail']])));

    // Left out of the plan, Bina and Eapen are held back: Bina in a new 3rd A, Eapen in a new 12th.
    const preview = await s.post('/api/rollover/preview', { from_year: fromYear });
    expect(preview.status, preview.body.message).toBe(200);
    expect(layoutOf(preview.body.data)).toEqual({
      classes: [
        ['LKG', '', []], ['3rd', 'A', [[1, 'Bina', 'held_back']]], ['4th', 'A', [[1, 'Abel', 'moves'], [2, 'Cyril', 'moves'], [3, 'Dora', 'moves']]],
        ['12th', '', [[1, 'Eapen', 'held_back']]],
      ],
      leaving: ['Fiona'],
      totals: { classes_created: 4, children_moved: 3, held_back: 2, leaving: 1 },
    });
    const third = (preview.body.data.classes as Json[]).find((cls) => cls.class_name === '3rd');
    expect(third.children[0].final_result).toEqual(RESULTS.Bina);
    expect(preview.body.data.leaving[0].final_result).toEqual(RESULTS.Fiona);

    // The principal overrides each child: Bina moves up anyway, Eapen leaves, Abel is held back.
    const overridden = await s.post('/api/rollover/preview', {
      from_year: fromYear,
      children: [{ student_id: kid.Bina, outcome: 'moves' }, { student_id: kid.Eapen, outcome: 'leaves' }, { student_id: kid.Abel, outcome: 'held_back' }],
    });
    expect(layoutOf(overridden.body.data)).toEqual({
      classes: [['LKG', '', []], ['3rd', 'A', [[1, 'Abel', 'held_back']]], ['4th', 'A', [[1, 'Bina', 'moves'], [2, 'Cyril', 'moves'], [3, 'Dora', 'moves']]]],
      leaving: ['Eapen', 'Fiona'],
      totals: { classes_created: 3, children_moved: 3, held_back: 1, leaving: 2 },
    });

    // Withdrawn (unpublished), the proposal is as before publishing.
    await publish(1, false);
    expect(childrenOf((await s.get('/api/rollover')).body.data)).toEqual(nothing);
  });

  it('is placed in the new year\'s class of the same name and section by the commit, and the undo restores the old year', async () => {
    const { c, fromYear, toYear, kid, third, twelfth, publish } = await churchWithExams();
    const s = c.s.principal;
    await publish(0);
    await publish(1);
    const placesOf = async () => Object.fromEntries((await app.db.withTenant(c.church.id, (tx) => tx
      .select({ id: students.id, classId: students.classId, academicYear: students.academicYear, rollNumber: students.rollNumber, active: students.active })
      .from(students).where(and(eq(students.churchId, c.church.id), inArray(students.id, Object.values(kid)))))).map((r) => [r.id, r]));
    const before = await placesOf();
    const newClasses = async () => ((await s.get(`/api/classes?academic_year=${toYear}`)).body.data as Json[])
      .map((cls) => [cls.class_name, cls.section, cls.student_count]);

    const committed = await s.post('/api/rollover', { from_year: fromYear });
    expect(committed.status, committed.body.message).toBe(201);
    expect(committed.body.data.totals).toEqual({ classes_created: 4, children_moved: 3, held_back: 2, leaving: 1 });
    expect(await newClasses()).toEqual([['LKG', '', 0], ['3rd', 'A', 1], ['4th', 'A', 3], ['12th', '', 1]]);
    const after = await placesOf();
    const ids = Object.fromEntries(((await s.get(`/api/classes?academic_year=${toYear}`)).body.data as Json[]).map((cls) => [`${cls.class_name}${cls.section}`, cls.id]));
    expect(after[kid.Bina]).toMatchObject({ classId: ids['3rdA'], academicYear: toYear, rollNumber: 1, active: true });
    expect(after[kid.Eapen]).toMatchObject({ classId: ids['12th'], academicYear: toYear, rollNumber: 1, active: true });
    expect(after[kid.Dora]).toMatchObject({ classId: ids['4thA'], rollNumber: 3 });
    expect(after[kid.Fiona]).toMatchObject({ classId: twelfth.id, academicYear: fromYear, active: false });
    // The held-back child's history: the new year in 3rd A again, the ending year with its failed result.
    const history = (await s.get(`/api/students/${kid.Bina}/history`)).body.data.years as Json[];
    expect(history.map((y) => [y.academic_year, y.class_name, y.section, y.result])).toEqual([
      [toYear, '3rd', 'A', null], [fromYear, '3rd', 'A', RESULTS.Bina],
    ]);

    const undone = await s.post(`/api/rollover/${committed.body.data.id}/undo`);
    expect(undone.status, undone.body.message).toBe(200);
    expect(await newClasses()).toEqual([]);
    expect(await placesOf()).toEqual(before);
    expect(before[kid.Bina]).toMatchObject({ classId: third.id, academicYear: fromYear });

    // Again, with the principal's override: Bina moves up anyway; Eapen, left out, is still held back.
    const again = await s.post('/api/rollover', { from_year: fromYear, children: [{ student_id: kid.Bina, outcome: 'moves' }] });
    expect(again.status, again.body.message).toBe(201);
    expect(await newClasses()).toEqual([['LKG', '', 0], ['4th', 'A', 4], ['12th', '', 1]]);
    expect((await s.post(`/api/rollover/${again.body.data.id}/undo`)).status).toBe(200);
    expect(await placesOf()).toEqual(before);
  });
});

describe('the child\'s history on the safety card', () => {
  it('shows the year\'s final result beside attendance only once every exam of the year is published', async () => {
    const { c, fromYear, kid, publish } = await churchWithExams();
    const yearOf = async (name: string, session = c.s.principal) => {
      const res = await session.get(`/api/students/${kid[name]}/history`);
      expect(res.status, res.body.message).toBe(200);
      const [year] = res.body.data.years as Json[];
      expect(year.academic_year).toBe(fromYear);
      return year.result;
    };
    expect(await yearOf('Bina')).toBeNull();
    await publish(0);
    expect(await yearOf('Bina')).toBeNull();
    await publish(1);
    for (const [name, result] of Object.entries(RESULTS)) expect(await yearOf(name), name).toEqual(result);
    // The class's teacher reads it on the card too; a withdrawn result is gone again.
    expect(await yearOf('Cyril', c.s.teacher)).toEqual(RESULTS.Cyril);
    await publish(0, false);
    expect(await yearOf('Cyril')).toBeNull();
    expect((await c.s.guest.get(`/api/students/${kid.Cyril}/history`)).status).toBe(403);
  });
});
