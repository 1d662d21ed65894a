/**
 * The marking benchmarks' requests: for each of `count` churches of generate-data's database (church
 * C00000 left out, the reports use it) its first teacher signed in through `appUrl`, marking their
 * class of 15 for the latest Sunday (every sixth child absent).
 */
import { call, firstClasses, signIn } from './lib.js';
import { BENCH_PASSWORD, attendanceDates, churchCode, teacherEmail, type GeneratedShape } from './generate-data.js';

export interface MarkPlan {
  code: string;
  churchId: string;
  token: string;
  classId: string;
  studentIds: string[];
  body: { classId: string; date: string; attendanceData: Array<{ studentId: string; status: 'present' | 'absent' }> };
}

export async function markPlans(databaseUrl: string, shape: GeneratedShape, appUrl: string, count: number): Promise<MarkPlan[]> {
  // The latest Sunday up to today in the churches' time zone: inside the 14-day window.
  const date = attendanceDates(1)[0];
  const others = Math.max(1, shape.churches - 1);
  const churchIndexes = Array.from({ length: count }, (_, k) => (shape.churches > 1 ? 1 + (k % others) : 0));
  const codes = [...new Set(churchIndexes.map(churchCode))];
  const classes = await firstClasses(databaseUrl, codes);
  const sessions = new Map<string, { token: string; churchId: string }>();
  for (let i = 0; i < codes.length; i += 4) {
    await Promise.all(codes.slice(i, i + 4).map(async (code) => {
      const s = await signIn(appUrl, code, teacherEmail(Number(code.slice(1)), 0), BENCH_PASSWORD);
      sessions.set(code, { token: s.token, churchId: s.church.id });
    }));
  }
  return churchIndexes.map((idx) => {
    const code = churchCode(idx);
    const cls = classes.get(code)!;
    const s = sessions.get(code)!;
    return {
      code, churchId: s.churchId, token: s.token, classId: cls.classId, studentIds: cls.studentIds,
      body: {
        classId: cls.classId, date,
        attendanceData: cls.studentIds.map((studentId, j) => ({ studentId, status: j % 6 === 5 ? 'absent' : 'present' })),
      },
    };
  });
}

/** The load generator's requests of the plans. */
export const markRequests = (plans: MarkPlan[]) => plans.map((p) => ({
  method: 'POST', path: '/api/attendance/mark',
  headers: { authorization: `Bearer ${p.token}`, 'x-church-code': p.code, 'content-type': 'application/json' },
  body: JSON.stringify(p.body),
}));

/** One mark of the first plan; throws unless it answers 200. */
export async function checkOneMark(appUrl: string, plan: MarkPlan) {
  const res = await call(appUrl, 'POST', '/api/attendance/mark', { token: plan.token, code: plan.code, body: plan.body });
  if (res.status !== 200) throw new Error(`the mark endpoint answered ${res.status} ${JSON.stringify(res.body).slice(0, 300)}`);
  return res;
}
