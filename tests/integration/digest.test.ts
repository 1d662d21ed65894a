import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq, sql } from 'drizzle-orm';
import { attendance, auditLog, churches, students, users } from '../../drizzle/schema/index.js';
import { addDays, dayOfWeek, todayIn } from '../../common/dates.js';
import { academicYearOf } from '../../common/academic-year.js';
import { DIGEST_MESSAGES } from '../../common/schemas/digest.js';
import { dueDigests, sendChurchDigest, type DigestJob, type DigestSender } from '../../server/modules/digest/index.js';
import PgBoss from 'pg-boss';
import { randomUUID } from 'node:crypto';
import { startJobs } from '../../server/jobs.js';
import { queueDatabase } from '../../server/modules/jobs/queue-sql.js';
import { loadConfig } from '../../server/config.js';
import { backend, firstRow, startTestApp, type TestApp } from '../helpers/app.js';
import { startServerProcess, type ServerProcess } from '../helpers/server-process.js';
import { createChurch, createClassWithStudents } from '../helpers/fixtures.js';
import { churchWithSessions } from '../helpers/church-session.js';
import { startSmtpServer, type ReceivedMail, type TestSmtpServer } from '../helpers/smtp.js';

// The weekly digest, Mondays 08:00 in each church's time zone, to its principals and super admins:
// the tick and one church's send run here as functions of a chosen instant (no clock is faked), and
// once through the job queue itself. Mails go to a real SMTP server.

/** The Monday of a week well in the past: its digest is about finished weeks only. */
function pastMonday(): string {
  let day = addDays(todayIn('UTC'), -14);
  while (dayOfWeek(day) !== 1) day = addDays(day, -1);
  return day;
}
const WEEK = pastMonday();
const LAST_SUNDAY = addDays(WEEK, -1);

const localFormatters = new Map<string, Intl.DateTimeFormat>();
/** The instant a time zone's clock shows `time` ('HH:MM') on `date`. */
function at(timeZone: string, date: string, time: string): Date {
  let formatter = localFormatters.get(timeZone);
  if (!formatter) {
    formatter = new Intl.DateTimeFormat('en-CA', {
      timeZone, year: 'numeric', month: '2-digit', day: '2-digit', hour: '2-digit', minute: '2-digit', hourCycle: 'h23',
    });
    localFormatters.set(timeZone, formatter);
  }
  const wanted = Date.parse(`${date}T${time}:00Z`);
  let guess = wanted;
  for (let i = 0; i < 3; i++) {
    const parts = Object.fromEntries(formatter.formatToParts(new Date(guess)).map((p) => [p.type, p.value]));
    const shown = Date.parse(`${parts.year}-${parts.month}-${parts.day}T${parts.hour}:${parts.minute}:00Z`);
    guess += wanted - shown;
  }
  return new Date(guess);
}

let app: TestApp;
let smtp: TestSmtpServer;
let sender: DigestSender;

beforeAll(async () => {
  smtp = await startSmtpServer();
  app = await startTestApp({ SMTP_URL: smtp.url });
  sender = { db: app.db, mailer: app.server.services.mailer, publicUrl: app.config.PUBLIC_URL, log: app.server.log };
});
afterAll(async () => {
  await app?.close();
  await smtp?.close();
});

const setChurch = (churchId: string, change: Partial<typeof churches.$inferInsert>) =>
  app.db.withPlatform((tx) => tx.update(churches).set(change).where(eq(churches.id, churchId)));

/** The due jobs of these churches only (the database may hold other tests' churches). */
const dueFor = async (now: Date, ...churchIds: string[]) =>
  (await dueDigests(app.db, now)).filter((job) => churchIds.includes(job.churchId));

/** The digests a user received (the only mail with sections). */
const digestsTo = (email: string): ReceivedMail[] => smtp.to(email).filter((mail) => mail.html.includes('<h2'));

async function mark(churchId: string, classId: string, studentIds: string[], date: string, presentCount: number) {
  await app.db.withTenant(churchId, (tx) => tx.insert(attendance).values(studentIds.map((studentId, i) => ({
    churchId, studentId, classId, date, status: i < presentCount ? 'present' : 'absent',
  }))));
}

describe('which churches are due, and when', () => {
  it('a church is due on Monday from 08:00 in its own time zone, not at 08:00 UTC or another day', async () => {
    const kolkata = await createChurch(app.db);
    const newYork = await createChurch(app.db);
    await setChurch(newYork.church.id, { timeZone: 'America/New_York' });
    const ids = [kolkata.church.id, newYork.church.id];

    expect(await dueFor(at('Asia/Kolkata', WEEK, '07:59'), ...ids)).toEqual([]);
    expect(await dueFor(at('Asia/Kolkata', WEEK, '08:00'), ...ids)).toEqual([{ churchId: kolkata.church.id, week: WEEK }]);
    // 08:00 UTC on Monday is 03:00 in New York (winter) or 04:00 (summer): not yet.
    expect(await dueFor(new Date(`${WEEK}T08:00:00Z`), ...ids)).toEqual([{ churchId: kolkata.church.id, week: WEEK }]);
    const newYorkMorning = at('America/New_York', WEEK, '08:05');
    expect((await dueFor(newYorkMorning, ...ids)).map((job) => job.churchId).sort()).toEqual([...ids].sort());
    // Sunday evening in New York is already Monday in Kolkata; Tuesday evening in Kolkata (Tuesday
    // morning in New York) is no one's digest day.
    expect(await dueFor(at('America/New_York', LAST_SUNDAY, '23:00'), ...ids)).toEqual([{ churchId: kolkata.church.id, week: WEEK }]);
    expect(await dueFor(at('Asia/Kolkata', addDays(WEEK, 1), '20:00'), ...ids)).toEqual([]);
  });

  it('a church with a time zone the runtime does not know is left out, and no other church with it', async () => {
    const good = await createChurch(app.db);
    const bad = await createChurch(app.db);
    await setChurch(bad.church.id, { timeZone: 'Nowhere/Atlantis' });
    try {
      expect(await dueFor(at('Asia/Kolkata', WEEK, '09:00'), good.church.id, bad.church.id)).toEqual([{ churchId: good.church.id, week: WEEK }]);
    } finally {
      // Other tests of this database read every church.
      await app.db.ownerQuery(sql`delete from churches where id = ${bad.church.id}`);
    }
  });

  it('a church whose subscription is not valid gets none', async () => {
    const suspended = await createChurch(app.db, { status: 'suspended' });
    const lapsed = await createChurch(app.db, { tier: 'free', endDate: new Date(`${addDays(WEEK, -3)}T00:00:00Z`) });
    const monday = at('Asia/Kolkata', WEEK, '09:00');
    expect(await dueFor(monday, suspended.church.id, lapsed.church.id)).toEqual([]);
    // A job already queued when the subscription lapsed sends nothing either.
    const sent = smtp.received.length;
    expect(await sendChurchDigest(sender, { churchId: suspended.church.id, week: WEEK }, monday)).toBe(0);
    expect(smtp.received.length).toBe(sent);
  });
});

describe('the digest of a church', () => {
  it('shows each class\'s last roll call and 4-week trend as the monthly report counts them, and the coming birthdays', async () => {
    const made = await churchWithSessions(app, { roles: ['super_admin'] });
    const churchId = made.church.id;
    const academicYear = academicYearOf(LAST_SUNDAY, 6);
    const { class: cls, students: kids } = await createClassWithStudents(app.db, churchId, {
      className: '4th', section: 'B', academicYear, names: ['Anu', 'Biju', 'Chinnu', 'Deepa'],
    });
    const { class: quiet } = await createClassWithStudents(app.db, churchId, { className: '5th', section: 'A', academicYear, names: ['Esther'] });
    const ids = kids.map((kid) => kid.id);
    await mark(churchId, cls.id, ids, addDays(LAST_SUNDAY, -3), 4); // earlier in the last week: not its last roll call
    await mark(churchId, cls.id, ids, LAST_SUNDAY, 3);
    await mark(churchId, cls.id, ids, addDays(LAST_SUNDAY, -7), 2);
    await mark(churchId, cls.id, ids, addDays(LAST_SUNDAY, -18), 1);
    await mark(churchId, cls.id, ids, addDays(WEEK, -29), 4); // before the four weeks
    // Birthdays: Biju in the coming week, Chinnu the day after it, Deepa the day before it.
    const birthday = (offset: number) => `2015-${addDays(WEEK, offset).slice(5)}`;
    await app.db.withTenant(churchId, async (tx) => {
      for (const [id, offset] of [[ids[1], 3], [ids[2], 7], [ids[3], -1]] as const) {
        await tx.update(students).set({ dateOfBirth: birthday(offset) }).where(and(eq(students.churchId, churchId), eq(students.id, id)));
      }
    });

    const monday = at('Asia/Kolkata', WEEK, '08:30');
    expect(await dueFor(monday, churchId)).toEqual([{ churchId, week: WEEK }]);
    expect(await sendChurchDigest(sender, { churchId, week: WEEK }, monday)).toBe(1);
    const [mail] = digestsTo(made.users.super_admin.email);
    expect(mail).toBeDefined();

    // The same figures from the monthly report's calendar (present and absent per date).
    const months = [...new Set([addDays(WEEK, -28), LAST_SUNDAY].map((d) => d.slice(0, 7)))];
    const byDate = new Map<string, { present: number; marked: number }>();
    for (const month of months) {
      const [year, m] = month.split('-').map(Number);
      const answer = await made.s.super_admin.get(`/api/attendance/class/${cls.id}/calendar?year=${year}&month=${m}`);
      expect(answer.status).toBe(200);
      for (const day of answer.body.data as Array<{ date: string; present_count: number; absent_count: number }>) {
        byDate.set(day.date, { present: day.present_count, marked: day.present_count + day.absent_count });
      }
    }
    const lastIn = (monday: string) => [...byDate.keys()].filter((d) => d >= monday && d <= addDays(monday, 6)).sort().at(-1);
    const weeks = [-28, -21, -14, -7].map((days) => addDays(WEEK, days));
    const last = byDate.get(lastIn(weeks[3])!)!;
    const trend = weeks.map((w) => { const d = lastIn(w); return d ? String(byDate.get(d)!.present) : '–'; }).join(', ');
    expect(last).toEqual({ present: 3, marked: 4 });
    expect(trend).toBe('–, 1, 2, 3');
    const dayName = (date: string) => new Intl.DateTimeFormat('en-IN', { day: 'numeric', month: 'long', timeZone: 'UTC' }).format(new Date(`${date}T00:00:00Z`));
    expect(mail.text).toContain(`4th B: ${last.present} of ${last.marked} present on ${dayName(LAST_SUNDAY)}; present in the last 4 weeks: ${trend}`);
    expect(mail.text).toContain('5th A: No roll call; present in the last 4 weeks: –, –, –, –');
    expect(quiet.id).toBeDefined();

    expect(mail.text).toContain(`Biju: ${dayName(addDays(WEEK, 3))} (4th B)`);
    expect(mail.text).not.toContain('Chinnu:');
    expect(mail.text).not.toContain('Deepa:');
    expect(mail.subject).toBe(`${made.church.name}: weekly digest, week of ${new Intl.DateTimeFormat('en-IN', { day: 'numeric', month: 'long', year: 'numeric', timeZone: 'UTC' }).format(new Date(`${WEEK}T00:00:00Z`))}`);
  });

  it('lists the children to follow up with what was done, as the follow-up list has them', async () => {
    const made = await churchWithSessions(app, { roles: ['super_admin', 'principal'] });
    const churchId = made.church.id;
    const academicYear = academicYearOf(LAST_SUNDAY, 6);
    const { class: cls, students: kids } = await createClassWithStudents(app.db, churchId, {
      className: '3rd', section: 'C', academicYear, names: ['Anu', 'Biju', 'Chinnu'],
    });
    const ids = kids.map((kid) => kid.id);
    // Anu and Biju missed the last two roll calls, Chinnu only the last one.
    await mark(churchId, cls.id, ids, addDays(LAST_SUNDAY, -14), 3);
    await mark(churchId, cls.id, ids, addDays(LAST_SUNDAY, -7), 0);
    await app.db.withTenant(churchId, (tx) => tx.update(attendance).set({ status: 'present' })
      .where(and(eq(attendance.churchId, churchId), eq(attendance.studentId, ids[2]), eq(attendance.date, addDays(LAST_SUNDAY, -7)))));
    await mark(churchId, cls.id, ids, LAST_SUNDAY, 0);
    const contact = await made.s.principal.post(`/api/follow-up/${ids[0]}/contacts`, { outcome: 'sick', note: 'Fever' });
    expect(contact.status, contact.body.message).toBe(201);
    const listed = (await made.s.principal.get(`/api/follow-up?classId=${cls.id}`)).body.data.students as Array<{ student_name: string }>;
    expect(listed.map((child) => child.student_name).sort()).toEqual(['Anu', 'Biju']);

    const monday = at('Asia/Kolkata', WEEK, '08:30');
    expect(await sendChurchDigest(sender, { churchId, week: WEEK }, monday)).toBe(2);
    const [mail] = digestsTo(made.users.principal.email);
    const today = new Intl.DateTimeFormat('en-IN', { day: 'numeric', month: 'long', timeZone: 'UTC' }).format(new Date());
    expect(mail.text).toContain('CHILDREN TO FOLLOW UP'); // the plain text's headings are capitals
    expect(mail.text).toContain(`Anu: 3rd C: absent the last 2 Sundays; reached: sick on ${today} by ${made.users.principal.name}`);
    expect(mail.text).toContain('Biju: 3rd C: absent the last 2 Sundays; not contacted yet');
    expect(mail.text).not.toContain('Chinnu:');
  });

  it('escapes what people typed into the HTML', async () => {
    const made = await createChurch(app.db, { roles: ['super_admin'] });
    await createClassWithStudents(app.db, made.church.id, {
      className: '<b>6th</b>', section: '', academicYear: academicYearOf(LAST_SUNDAY, 6), names: ['<script>x</script>'],
    });
    await sendChurchDigest(sender, { churchId: made.church.id, week: WEEK }, at('Asia/Kolkata', WEEK, '09:00'));
    const [mail] = digestsTo(made.users.super_admin.email);
    expect(mail.html).toContain('&lt;b&gt;6th&lt;/b&gt;');
    expect(mail.html).not.toContain('<b>6th</b>');
  });

  it('goes to active principals and super admins who did not turn it off, each in their language', async () => {
    const made = await churchWithSessions(app, { roles: ['super_admin', 'principal', 'teacher', 'guest'] });
    const churchId = made.church.id;
    const [offPrincipal, inactivePrincipal] = await app.db.withTenant(churchId, (tx) => tx.insert(users).values([
      { churchId, role: 'principal', name: 'Off', email: `off@${made.code.toLowerCase()}.test`, passwordHash: null },
      { churchId, role: 'principal', name: 'Gone', email: `gone@${made.code.toLowerCase()}.test`, passwordHash: null, isActive: false },
    ]).returning());
    await app.db.withTenant(churchId, (tx) => tx.update(users).set({ weeklyDigest: false }).where(eq(users.id, offPrincipal.id)));
    await setChurch(churchId, { defaultLanguage: 'hi' });
    expect((await made.s.super_admin.put('/api/auth/language', { language: 'ml' })).status).toBe(200);

    expect(await sendChurchDigest(sender, { churchId, week: WEEK }, at('Asia/Kolkata', WEEK, '08:15'))).toBe(2);
    const admin = digestsTo(made.users.super_admin.email);
    const principal = digestsTo(made.users.principal.email);
    expect(admin).toHaveLength(1);
    expect(principal).toHaveLength(1);
    for (const email of [made.users.teacher.email, made.users.guest.email, offPrincipal.email, inactivePrincipal.email]) {
      expect(smtp.to(email), email).toHaveLength(0);
    }
    expect(admin[0].subject).toContain('പ്രതിവാര സംഗ്രഹം'); // the super admin's own language
    expect(admin[0].text).toContain('ഹാജർ');
    expect(principal[0].subject).toContain('साप्ताहिक सारांश'); // no language of her own: the church's
  });
});

describe('once per church and week', () => {
  it('never twice, however often the tick and the church\'s job run, also at once', async () => {
    const made = await createChurch(app.db, { roles: ['super_admin', 'principal'] });
    const churchId = made.church.id;
    const monday = at('Asia/Kolkata', WEEK, '08:45');
    const job: DigestJob = { churchId, week: WEEK };
    expect(await dueFor(monday, churchId)).toEqual([job]);
    expect(await dueFor(monday, churchId)).toEqual([job]); // a second tick before the job ran: the same job (one per key in the queue)
    const outcomes = await Promise.allSettled([sendChurchDigest(sender, job, monday), sendChurchDigest(sender, job, monday)]);
    const sent = outcomes.reduce((sum, o) => sum + (o.status === 'fulfilled' ? o.value : 0), 0);
    expect(sent).toBe(2);
    // A job that found the other still sending failed, to look again later: it sends nothing then.
    expect(await sendChurchDigest(sender, job, monday)).toBe(0);
    expect(await dueFor(monday, churchId)).toEqual([]);
    expect(await dueFor(at('Asia/Kolkata', WEEK, '23:59'), churchId)).toEqual([]);
    expect(digestsTo(made.users.super_admin.email)).toHaveLength(1);
    expect(digestsTo(made.users.principal.email)).toHaveLength(1);
    // Next week is another digest.
    expect(await dueFor(at('Asia/Kolkata', addDays(WEEK, 7), '08:00'), churchId)).toEqual([{ churchId, week: addDays(WEEK, 7) }]);
  });

  it('a failed send fails the job, and its retry sends to those who did not get it, once', async () => {
    const made = await createChurch(app.db, { roles: ['super_admin', 'principal'] });
    const churchId = made.church.id;
    const monday = at('Asia/Kolkata', WEEK, '10:00');
    const job: DigestJob = { churchId, week: WEEK };
    smtp.refuseNext(1);
    await expect(sendChurchDigest(sender, job, monday)).rejects.toThrow(/not sent/);
    expect(digestsTo(made.users.super_admin.email)).toHaveLength(0);
    expect(digestsTo(made.users.principal.email)).toHaveLength(0);
    expect(await dueFor(monday, churchId)).toEqual([job]); // not done: the tick queues it again
    expect(await sendChurchDigest(sender, job, monday)).toBe(2); // the retry: the claims were given up
    expect(digestsTo(made.users.super_admin.email)).toHaveLength(1);
    expect(digestsTo(made.users.principal.email)).toHaveLength(1);
    expect(await dueFor(monday, churchId)).toEqual([]);
  });

  it('a run after some recipients got it sends only to those who did not', async () => {
    const made = await createChurch(app.db, { roles: ['super_admin'] });
    const churchId = made.church.id;
    const job: DigestJob = { churchId, week: WEEK };
    const monday = at('Asia/Kolkata', WEEK, '11:00');
    expect(await sendChurchDigest(sender, job, monday)).toBe(1);
    const [late] = await app.db.withTenant(churchId, (tx) => tx.insert(users).values({
      churchId, role: 'principal', name: 'Late', email: `late@${made.code.toLowerCase()}.test`, passwordHash: null,
    }).returning());
    expect(await sendChurchDigest(sender, job, monday)).toBe(1);
    expect(digestsTo(made.users.super_admin.email)).toHaveLength(1);
    expect(digestsTo(late.email)).toHaveLength(1);
  });
});

describe('the setting (GET/PUT /api/auth/digest)', () => {
  it('is on by default; the user turns it off and on, audited; teachers and guests have none; bad input is a 400', async () => {
    const made = await churchWithSessions(app, { roles: ['super_admin', 'principal', 'teacher', 'guest'] });
    const principal = made.s.principal;
    expect((await principal.get('/api/auth/digest')).body.data).toEqual({ weekly_digest: true });
    const off = await principal.put('/api/auth/digest', { weekly_digest: false });
    expect(off.status).toBe(200);
    expect(off.body.data).toEqual({ weekly_digest: false });
    expect((await principal.get('/api/auth/digest')).body.data).toEqual({ weekly_digest: false });
    expect((await made.s.super_admin.get('/api/auth/digest')).body.data).toEqual({ weekly_digest: true });
    const entries = await app.db.withPlatform((tx) => tx.select().from(auditLog)
      .where(and(eq(auditLog.targetChurchId, made.church.id), eq(auditLog.action, 'user.weekly_digest_updated'))));
    expect(entries).toHaveLength(1);
    expect(entries[0].details).toMatchObject({ weekly_digest: false, by_user_id: made.users.principal.id });

    for (const role of ['teacher', 'guest'] as const) {
      expect((await made.s[role].get('/api/auth/digest')).status, role).toBe(403);
      expect((await made.s[role].put('/api/auth/digest', { weekly_digest: false })).status, role).toBe(403);
    }
    for (const body of [{ weekly_digest: 'no' }, { weekly_digest: null }, { weekly: true }]) {
      const refused = await principal.put('/api/auth/digest', body);
      expect(refused.status).toBe(400);
      expect(refused.body.message).toContain(DIGEST_MESSAGES.invalid);
    }

    // Turned off, the principal gets no digest; the super admin does.
    await sendChurchDigest(sender, { churchId: made.church.id, week: WEEK }, at('Asia/Kolkata', WEEK, '08:10'));
    expect(digestsTo(made.users.principal.email)).toHaveLength(0);
    expect(digestsTo(made.users.super_admin.email)).toHaveLength(1);
    expect((await principal.put('/api/auth/digest', { weekly_digest: true })).body.data).toEqual({ weekly_digest: true });
  });
});

describe('through the job queue (one process)', () => {
  it('the scheduler\'s tick at start queues the church\'s job, which mails each recipient once', async () => {
    // A zone where it is Monday 08:30 while no other church of the database (Kolkata and
    // the like) is due: Pacific/Chatham, hours ahead of every zone the tests use.
    const made = await createChurch(app.db, { roles: ['super_admin', 'principal'] });
    await setChurch(made.church.id, { timeZone: 'Pacific/Chatham' });
    const instant = at('Pacific/Chatham', WEEK, '08:30');
    const config = loadConfig({ ...process.env, NODE_ENV: 'test', JOBS: 'true', JOBS_FIXED_CLOCK: instant.toISOString(), SMTP_URL: smtp.url, PORT: '0' });
    const jobs = await startJobs(app.server, config, app.db);
    try {
      await smtp.waitFor((m) => m.to.includes(made.users.super_admin.email.toLowerCase()), 30_000);
      await smtp.waitFor((m) => m.to.includes(made.users.principal.email.toLowerCase()), 30_000);
    } finally {
      await jobs.stop();
    }
    expect(digestsTo(made.users.super_admin.email)).toHaveLength(1);
    expect(digestsTo(made.users.principal.email)).toHaveLength(1);
    expect(await dueFor(instant, made.church.id)).toEqual([]);
    // It went through the queue: the church's job is there, completed.
    const job = await app.db.withPlatform(async (tx) => firstRow<{ state: string; singleton_key: string }>(await tx.execute(sql`
      select state, singleton_key from pgboss.job where name = 'digest-church' and data->>'churchId' = ${made.church.id}`)));
    expect(job).toEqual({ state: 'completed', singleton_key: `${made.church.id}:${WEEK}` });
  }, 60_000);
});


describe('the queue\'s upkeep through the platform door', () => {
  it('a job whose worker vanished is failed by the expiry and tried again; the whole upkeep runs', async () => {
    const boss = new PgBoss({ db: queueDatabase(app.db), migrate: false, schedule: false, supervise: false });
    await boss.start();
    try {
      const job: DigestJob = { churchId: randomUUID(), week: WEEK };
      const id = await boss.send('digest-church', job, { singletonKey: `${job.churchId}:${job.week}`, expireInSeconds: 60 });
      expect(id).toEqual(expect.any(String));
      const [fetched] = await boss.fetch<DigestJob>('digest-church');
      expect(fetched.id).toBe(id);
      // Its worker died an hour ago, as far as the queue can tell.
      await app.db.ownerQuery(sql`update pgboss.job set started_on = now() - interval '1 hour' where id = ${id}::uuid`);
      await boss.expire();
      const [state] = await app.db.ownerQuery<{ state: string; output: { value?: { message?: string } } }>(sql`
        select state, output from pgboss.job where id = ${id}::uuid`);
      expect(state.state).toBe('retry');
      expect(state.output.value?.message).toMatch(/timeout/);
      await boss.maintain(); // expire, archive and drop, each a locked text of several statements
      expect(await boss.getQueueSize('digest-church', { before: 'active' })).toBeGreaterThanOrEqual(1);
    } finally {
      await boss.stop({ graceful: false });
    }
  });
});

describe.skipIf(backend !== 'postgres')('two server processes on one PostgreSQL', () => {
  // Each is server/main.ts in a child process with the job queue on and the same fixed clock
  // (JOBS_FIXED_CLOCK, refused in production): a Monday 08:30 in Pacific/Chatham, where only this
  // test's churches are (see above). Both tick at start and both work the queue; only the database
  // is shared. Every recipient must get exactly one mail.
  let servers: ServerProcess[] = [];
  afterAll(async () => {
    for (const server of servers) if (server.child.exitCode === null && server.child.signalCode === null) server.child.kill('SIGKILL');
  });

  it('each recipient gets the digest exactly once, and both shut down cleanly', async () => {
    const made = await Promise.all([0, 1, 2].map(() => createChurch(app.db, { roles: ['super_admin', 'principal', 'teacher'] })));
    for (const church of made) await setChurch(church.church.id, { timeZone: 'Pacific/Chatham' });
    const recipients = made.flatMap((church) => [church.users.super_admin.email, church.users.principal.email]);
    const env = {
      NODE_ENV: 'test', LOG_LEVEL: 'error', DEMO_SEED: 'false', DATABASE_URL: process.env.DATABASE_URL!,
      SMTP_URL: smtp.url, JOBS: 'true', JOBS_FIXED_CLOCK: at('Pacific/Chatham', WEEK, '08:30').toISOString(),
    };
    // Generous limits: two servers booting and working the queue beside the whole suite on 2 cores
    // (CI) took more than 45 s to send the last digest; a quiet machine needs a fraction of that.
    servers = await Promise.all([startServerProcess(env, 120_000), startServerProcess(env, 120_000)]);
    for (const email of recipients) await smtp.waitFor((mail) => mail.to.includes(email.toLowerCase()), 120_000);
    // A few more polls of both workers: nothing more may come.
    await new Promise((resolve) => setTimeout(resolve, 6_000));
    for (const email of recipients) expect(digestsTo(email), email).toHaveLength(1);
    for (const church of made) expect(smtp.to(church.users.teacher.email)).toHaveLength(0);
    for (const church of made) expect(await dueFor(at('Pacific/Chatham', WEEK, '09:00'), church.church.id)).toEqual([]);

    for (const server of servers) server.child.kill('SIGTERM');
    const exits = await Promise.all(servers.map((server) => server.exited));
    expect(exits.map((exit) => exit.code), servers.map((server) => server.output()).join('\n')).toEqual([0, 0]);
  }, 300_000);
});
