import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../helpers/app.js';
import { createChurch, createClassWithStudents } from '../helpers/fixtures.js';
import { churchWithSessions, signIn, type ChurchSession as Session, type ChurchWithSessions } from '../helpers/church-session.js';
import { attendance, users } from '../../drizzle/schema/index.js';
import { todayIn } from '../../common/dates.js';

// Monthly summary, calendar view and the CSV export, through real HTTP. The known data set sits in
// a fixed past month (reports have no edit window); the one test that marks through the API uses
// the church's today (Asia/Kolkata).

let app: TestApp;
let churchA: ChurchWithSessions<'super_admin' | 'principal' | 'teacher'>;
let churchB: Awaited<ReturnType<typeof createChurch>>;
let teacher: Session;
let principal: Session;
let teacherB: Session;
let report: Awaited<ReturnType<typeof createClassWithStudents>>;
let otherClass: Awaited<ReturnType<typeof createClassWithStudents>>;
let bClass: Awaited<ReturnType<typeof createClassWithStudents>>;

const NAMES = ['Smith, John', 'Anna "Nan" Lee', '=HYPERLINK("x")', '@Plain'];
const D1 = '2025-03-02';
const D2 = '2025-03-09';
const D3 = '2025-03-16';

/** Marks written straight into the database for a past month: [studentIndex, date, status]. */
async function seed(churchId: string, fixture: typeof report, marks: Array<[number, string, 'present' | 'absent']>) {
  await app.db.withTenant(churchId, (tx) => tx.insert(attendance).values(marks.map(([i, date, status]) => ({
    churchId, studentId: fixture.students[i].id, classId: fixture.class.id, date, status,
  }))));
}

beforeAll(async () => {
  app = await startTestApp();
  churchA = await churchWithSessions(app, { roles: ['super_admin', 'principal', 'teacher'] });
  churchB = await createChurch(app.db);
  ({ teacher, principal } = churchA.s);
  teacherB = await signIn(app.url, churchB.code, churchB.users.teacher.email);
  report = await createClassWithStudents(app.db, churchA.church.id, {
    teacherId: churchA.users.teacher.id, names: NAMES, className: '3rd', section: 'A', academicYear: '2024-2025',
  });
  const [other] = await app.db.withTenant(churchA.church.id, (tx) => tx.insert(users).values({
    churchId: churchA.church.id, role: 'teacher', name: 'Other Teacher', email: 'other@reports.test',
  }).returning());
  otherClass = await createClassWithStudents(app.db, churchA.church.id, { teacherId: other.id, students: 2, academicYear: '2024-2025' });
  bClass = await createClassWithStudents(app.db, churchB.church.id, { teacherId: churchB.users.teacher.id, students: 2, academicYear: '2024-2025' });

  // Student 1: P P P; student 2: P P A; student 3: P A A; student 4: no mark in March.
  await seed(churchA.church.id, report, [
    [0, D1, 'present'], [0, D2, 'present'], [0, D3, 'present'],
    [1, D1, 'present'], [1, D2, 'present'], [1, D3, 'absent'],
    [2, D1, 'present'], [2, D2, 'absent'], [2, D3, 'absent'],
    // Just outside March: must not be counted.
    [0, '2025-02-28', 'absent'], [1, '2025-04-01', 'absent'], [3, '2025-04-01', 'present'],
  ]);
  // Another class of the same church and church B, same month: never counted in this class.
  await seed(churchA.church.id, otherClass, [[0, D1, 'absent'], [1, D1, 'absent']]);
  await seed(churchB.church.id, bClass, [[0, D1, 'absent'], [1, D2, 'absent']]);
});
afterAll(async () => { await app?.close(); });

const monthly = (session: Session, classId: string, year: number | string, month: number | string) =>
  session.get(`/api/attendance/class/${classId}/monthly?year=${year}&month=${month}`);
const calendar = (session: Session, classId: string, year: number | string, month: number | string) =>
  session.get(`/api/attendance/class/${classId}/calendar?year=${year}&month=${month}`);
const csv = (session: Session, classId: string, query: string) =>
  fetch(`${app.url}/api/attendance/class/${classId}/monthly.csv?${query}`, { headers: session.headers });

describe('GET /api/attendance/class/{classId}/monthly', () => {
  it('counts each student\'s days of the month, with exact percentages, by roll number', async () => {
    const res = await monthly(teacher, report.class.id, 2025, 3);
    expect(res.status).toBe(200);
    expect(res.body.data).toEqual([
      { student_id: report.students[0].id, student_name: NAMES[0], roll_number: 1, present_days: 3, absent_days: 0, total_days: 3, percentage: 100 },
      { student_id: report.students[1].id, student_name: NAMES[1], roll_number: 2, present_days: 2, absent_days: 1, total_days: 3, percentage: 66.7 },
      { student_id: report.students[2].id, student_name: NAMES[2], roll_number: 3, present_days: 1, absent_days: 2, total_days: 3, percentage: 33.3 },
      { student_id: report.students[3].id, student_name: NAMES[3], roll_number: 4, present_days: 0, absent_days: 0, total_days: 0, percentage: null },
    ]);
  });

  it('takes the month bounds exactly (February and April are other months)', async () => {
    const feb = await monthly(teacher, report.class.id, 2025, 2);
    expect(feb.body.data.find((r: { roll_number: number }) => r.roll_number === 1))
      .toMatchObject({ present_days: 0, absent_days: 1, total_days: 1, percentage: 0 });
    const apr = await monthly(teacher, report.class.id, '2025', '04');
    expect(apr.body.data.map((r: { total_days: number }) => r.total_days)).toEqual([0, 1, 0, 1]);
    expect(apr.body.data[3].percentage).toBe(100);
  });

  it('answers an empty list for a month without attendance', async () => {
    const res = await monthly(teacher, report.class.id, 2025, 5);
    expect(res.status).toBe(200);
    expect(res.body.data).toEqual([]);
  });

  it('answers 400 for a month or year out of range or missing', async () => {
    const cases: Array<[string, string]> = [
      ['year=2025&month=13', 'Month must be between 1 and 12'],
      ['year=2025&month=0', 'Month must be between 1 and 12'],
      ['year=2025&month=abc', 'Month must be a number between 1 and 12'],
      ['year=1999&month=3', 'Year must be between 2000 and 2100'],
      ['year=20250&month=3', 'Year must be between 2000 and 2100'],
      ['month=3', 'Year is required'],
      ['year=2025', 'Month is required'],
    ];
    for (const [query, message] of cases) {
      const res = await teacher.get(`/api/attendance/class/${report.class.id}/monthly?${query}`);
      expect(res.status, query).toBe(400);
      expect(res.body.message, query).toBe(message);
      const cal = await teacher.get(`/api/attendance/class/${report.class.id}/calendar?${query}`);
      expect(cal.status, query).toBe(400);
    }
  });

  it('limits a teacher to their own classes; the principal sees every class', async () => {
    expect((await monthly(teacher, otherClass.class.id, 2025, 3)).status).toBe(404);
    expect((await calendar(teacher, otherClass.class.id, 2025, 3)).status).toBe(404);
    const byPrincipal = await monthly(principal, otherClass.class.id, 2025, 3);
    expect(byPrincipal.status).toBe(200);
    expect(byPrincipal.body.data.map((r: { absent_days: number }) => r.absent_days)).toEqual([1, 1]);
    expect((await monthly(principal, report.class.id, 2025, 3)).body.data).toHaveLength(4);
  });

  it('never reaches another church\'s class', async () => {
    for (const session of [teacher, principal]) {
      const res = await monthly(session, bClass.class.id, 2025, 3);
      expect(res.status).toBe(404);
      expect(JSON.stringify(res.body)).not.toContain(bClass.students[0].id);
      expect((await calendar(session, bClass.class.id, 2025, 3)).status).toBe(404);
      expect((await csv(session, bClass.class.id, 'year=2025&month=3')).status).toBe(404);
    }
    // B itself sees only its own marks.
    const own = await calendar(teacherB, bClass.class.id, 2025, 3);
    expect(own.body.data).toEqual([
      { date: D1, present_count: 0, absent_count: 1, total_students: 1 },
      { date: D2, present_count: 0, absent_count: 1, total_students: 1 },
    ]);
  });
});

describe('GET /api/attendance/class/{classId}/calendar', () => {
  it('answers one row per date that has attendance', async () => {
    const res = await calendar(teacher, report.class.id, 2025, 3);
    expect(res.status).toBe(200);
    expect(res.body.data).toEqual([
      { date: D1, present_count: 3, absent_count: 0, total_students: 3 },
      { date: D2, present_count: 2, absent_count: 1, total_students: 3 },
      { date: D3, present_count: 1, absent_count: 2, total_students: 3 },
    ]);
  });

  it('answers an empty list for a month without attendance', async () => {
    const res = await calendar(teacher, report.class.id, 2030, 1);
    expect(res.status).toBe(200);
    expect(res.body.data).toEqual([]);
  });
});

describe('GET /api/attendance/class/{classId}/monthly.csv', () => {
  it('serves the summary as text/csv with quoting and formula neutralising', async () => {
    const res = await csv(teacher, report.class.id, 'year=2025&month=3');
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('text/csv; charset=utf-8');
    expect(res.headers.get('content-disposition')).toBe('attachment; filename="attendance-3rd-A-2025-03.csv"');
    const body = await res.text();
    // fetch's text() drops a leading BOM; check the bytes for it separately below.
    expect(body).toBe(
      'Roll No,Student,Present,Absent,Total Days,Percentage\r\n'
      + '1,"Smith, John",3,0,3,100.0\r\n'
      + '2,"Anna ""Nan"" Lee",2,1,3,66.7\r\n'
      + '3,"\'=HYPERLINK(""x"")",1,2,3,33.3\r\n'
      + "4,'@Plain,0,0,0,\r\n",
    );
    const bytes = new Uint8Array(await (await csv(teacher, report.class.id, 'year=2025&month=3')).arrayBuffer());
    expect([...bytes.slice(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
  });

  it('is the header alone for an empty month', async () => {
    const res = await csv(teacher, report.class.id, 'year=2025&month=6');
    expect(res.status).toBe(200);
    expect(res.headers.get('content-disposition')).toContain('attendance-3rd-A-2025-06.csv');
    expect(await res.text()).toBe('Roll No,Student,Present,Absent,Total Days,Percentage\r\n');
  });

  it('keeps the JSON envelope for errors', async () => {
    const bad = await csv(teacher, report.class.id, 'year=2025&month=13');
    expect(bad.status).toBe(400);
    expect(bad.headers.get('content-type')).toContain('application/json');
    expect(await bad.json()).toEqual(expect.objectContaining({ success: false, message: 'Month must be between 1 and 12' }));

    const notYours = await csv(teacher, otherClass.class.id, 'year=2025&month=3');
    expect(notYours.status).toBe(404);
    expect((await notYours.json()).success).toBe(false);

    const anonymous = await fetch(`${app.url}/api/attendance/class/${report.class.id}/monthly.csv?year=2025&month=3`);
    expect(anonymous.status).toBe(401);
    expect((await anonymous.json()).success).toBe(false);
  });
});

describe('reports of marks made through the API', () => {
  it('show today\'s marking in the current month', async () => {
    const today = todayIn('Asia/Kolkata');
    const [year, month] = [Number(today.slice(0, 4)), Number(today.slice(5, 7))];
    const fresh = await createClassWithStudents(app.db, churchA.church.id, { teacherId: churchA.users.teacher.id, students: 3 });
    const marked = await teacher.post('/api/attendance/mark', {
      classId: fresh.class.id, date: today, attendanceData: [{ studentId: fresh.students[0].id, status: 'present' }],
    });
    expect(marked.status).toBe(200);
    const summary = await monthly(teacher, fresh.class.id, year, month);
    expect(summary.body.data.map((r: { present_days: number; absent_days: number; percentage: number }) =>
      [r.present_days, r.absent_days, r.percentage])).toEqual([[1, 0, 100], [0, 1, 0], [0, 1, 0]]);
    const cal = await calendar(teacher, fresh.class.id, year, month);
    expect(cal.body.data).toEqual([{ date: today, present_count: 1, absent_count: 2, total_students: 3 }]);
  });
});
