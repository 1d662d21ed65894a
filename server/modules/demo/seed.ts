import { eq } from 'drizzle-orm';
import {
  academicYearConfigs, attendance, churches, classes, studentGuardians, students, users,
} from '../../../drizzle/schema/index.js';
import { academicYearOf, DEFAULT_ACADEMIC_YEAR_CONFIG } from '../../../common/academic-year.js';
import { addDays, dayOfWeek, todayIn } from '../../../common/dates.js';
import { DEFAULT_GUARDIAN_NAME, PRIMARY_GUARDIAN_POSITION } from '../../../common/schemas/guardians.js';
import type { Database } from '../../db/index.js';
import { hashPassword } from '../credentials/index.js';

const DEMO_TIME_ZONE = 'Asia/Kolkata';
const WEEKS_OF_ATTENDANCE = 6;

const FIRST_NAMES = ['Aarav', 'Diya', 'Ishaan', 'Ananya', 'Vihaan', 'Saanvi', 'Arjun', 'Meera', 'Kabir', 'Anika',
  'Rohan', 'Sara', 'Joel', 'Grace', 'Nathan', 'Hannah', 'Samuel', 'Esther', 'David', 'Ruth'];
const LAST_NAMES = ['Thomas', 'Mathew', 'George', 'Joseph', 'Varghese', 'Kurian', 'Philip', 'Jacob', 'Abraham', 'John'];

export const demoEmail = (role: 'superadmin' | 'principal' | 'teacher', code: string) =>
  `${role}@${code.toLowerCase()}.example.org`;

/**
 * A demo church: a super admin, a principal and a teacher (all
 * with the same password), classes of the current academic year, students and the last weeks of
 * Sunday attendance. Idempotent: an existing church with the code is left as it is.
 */
export async function seedDemoChurch(db: Database, { code, password }: { code: string; password: string }) {
  const people = [
    { role: 'super_admin', email: demoEmail('superadmin', code), name: 'Sam Superadmin', owner: true },
    { role: 'principal', email: demoEmail('principal', code), name: 'Priya Principal', owner: false },
    { role: 'teacher', email: demoEmail('teacher', code), name: 'Thomas Teacher', owner: false },
  ] as const;
  const summary = { code, users: people.map(({ role, email }) => ({ role, email })) };

  const [existing] = await db.withPlatform((tx) => tx.select({ id: churches.id }).from(churches).where(eq(churches.code, code)));
  if (existing) return { ...summary, created: false, churchId: existing.id };

  const passwordHash = await hashPassword(password);
  const today = todayIn(DEMO_TIME_ZONE);
  const year = academicYearOf(today, DEFAULT_ACADEMIC_YEAR_CONFIG.start_month);

  const churchId = await db.withPlatform(async (tx) => {
    const [church] = await tx.insert(churches).values({
      code,
      name: `Demo Church ${code}`,
      email: `office@${code.toLowerCase()}.example.org`,
      phone: '+91 98765 43210',
      address: '1 Church Street, Kochi',
      pincode: '682001',
      ownerEmail: people[0].email,
      timeZone: DEMO_TIME_ZONE,
      subscriptionTier: 'premium',
      subscriptionStatus: 'active',
      subscriptionEndDate: new Date(Date.now() + 365 * 24 * 3_600_000),
    }).returning({ id: churches.id });
    return church.id;
  });

  await db.withTenant(churchId, async (tx) => {
    const inserted = await tx.insert(users).values(people.map((p) => ({
      churchId, role: p.role, email: p.email, name: p.name, passwordHash, isChurchOwner: p.owner, phone: '+91 90000 00000',
    }))).returning({ id: users.id, role: users.role });
    const teacherId = inserted.find((u) => u.role === 'teacher')!.id;
    await tx.insert(academicYearConfigs).values({
      churchId,
      startMonth: DEFAULT_ACADEMIC_YEAR_CONFIG.start_month,
      yearsAhead: DEFAULT_ACADEMIC_YEAR_CONFIG.years_ahead,
      yearsBack: DEFAULT_ACADEMIC_YEAR_CONFIG.years_back,
    });
    const classRows = await tx.insert(classes).values([
      { churchId, className: '3rd', section: 'A', teacherId, academicYear: year },
      { churchId, className: '5th', section: '', teacherId, academicYear: year },
      { churchId, className: 'LKG', section: '', teacherId: null, academicYear: year },
    ]).returning({ id: classes.id });

    let n = 0;
    const studentRows = classRows.flatMap((cls, classIndex) =>
      Array.from({ length: 8 }, (_, i) => {
        n++;
        const birthYear = Number(year.slice(0, 4)) - (4 + classIndex * 3);
        return {
          churchId,
          classId: cls.id,
          academicYear: year,
          rollNumber: i + 1,
          name: `${FIRST_NAMES[n % FIRST_NAMES.length]} ${LAST_NAMES[(n * 7) % LAST_NAMES.length]}`,
          dateOfBirth: `${birthYear}-${String((n % 12) + 1).padStart(2, '0')}-${String((n % 27) + 1).padStart(2, '0')}`,
        };
      }));
    const saved = await tx.insert(students).values(studentRows).returning({ id: students.id, classId: students.classId });
    await tx.insert(studentGuardians).values(saved.map((s, i) => ({
      churchId, studentId: s.id, position: PRIMARY_GUARDIAN_POSITION, name: DEFAULT_GUARDIAN_NAME, relation: 'parent',
      phone: `+91 9${String(100000000 + (i + 1) * 7919).slice(0, 9)}`,
      email: i % 8 % 3 === 0 ? null : `parent${i + 1}@${code.toLowerCase()}.example.org`,
    })));

    // The last Sundays up to today, deterministic marks (about 85% present).
    let sunday = addDays(today, -dayOfWeek(today));
    const marks = [];
    for (let week = 0; week < WEEKS_OF_ATTENDANCE; week++, sunday = addDays(sunday, -7)) {
      for (const [i, s] of saved.entries()) {
        marks.push({ churchId, studentId: s.id, classId: s.classId, date: sunday, status: (i * 31 + week * 17) % 7 === 0 ? 'absent' : 'present', markedBy: teacherId });
      }
    }
    await tx.insert(attendance).values(marks);
  });
  return { ...summary, created: true, churchId };
}
