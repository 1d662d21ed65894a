import { randomBytes } from 'node:crypto';
import { churches, classes, studentGuardians, students, users } from '../../drizzle/schema/index.js';
import { DEFAULT_GUARDIAN_NAME, PRIMARY_GUARDIAN_POSITION } from '../../common/schemas/guardians.js';
import type { Database } from '../../server/db/index.js';
import { hashPassword } from '../../server/modules/credentials/index.js';
import { createOperator } from '../../server/modules/operators/index.js';
import { startTestApp, testSeedKey, type TestApp } from './app.js';
import { totpCode } from './totp.js';

export const TEST_PASSWORD = 'correct-horse-battery';
let cachedHash: Promise<string> | undefined;
const passwordHash = () => (cachedHash ??= hashPassword(TEST_PASSWORD));

const CODE_ALPHABET = 'ABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789';

/** A random church code: 'T' and five of 36 characters (60 million codes). Test files share the
 * PostgreSQL database, so a few thousand churches per run can still draw the same code twice:
 * `createChurch` draws again when the code is taken. */
export const uniqueCode = () => `T${Array.from(randomBytes(5), (byte) => CODE_ALPHABET[byte % 36]).join('')}`;

export interface ChurchOptions {
  tier?: 'free' | 'basic' | 'premium' | 'lifetime';
  status?: 'active' | 'pending_payment' | 'inactive' | 'suspended' | 'trial';
  endDate?: Date | null;
  isLifetime?: boolean;
  roles?: Array<'super_admin' | 'principal' | 'teacher' | 'guest'>;
}

/** A church with one user per role (emails role@code.test), made through the two doors. */
export async function createChurch(db: Database, options: ChurchOptions = {}) {
  let church: typeof churches.$inferSelect | undefined;
  while (!church) {
    const candidate = uniqueCode();
    [church] = await db.withPlatform((tx) => tx.insert(churches).values({
      code: candidate,
      name: `Church ${candidate}`,
      subscriptionTier: options.tier ?? 'premium',
      subscriptionStatus: options.status ?? 'active',
      subscriptionEndDate: options.endDate === undefined ? new Date(Date.now() + 30 * 86_400_000) : options.endDate,
      isLifetime: options.isLifetime ?? false,
    }).onConflictDoNothing({ target: churches.code }).returning());
  }
  const { code } = church;
  const hash = await passwordHash();
  const roles = options.roles ?? ['super_admin', 'principal', 'teacher'];
  const people = await db.withTenant(church.id, (tx) => tx.insert(users).values(roles.map((role) => ({
    churchId: church.id,
    role,
    name: `${role} of ${code}`,
    email: `${role.replace('_', '')}@${code.toLowerCase()}.test`,
    passwordHash: hash,
  }))).returning());
  const byRole = Object.fromEntries(people.map((u) => [u.role, u])) as Record<string, (typeof people)[number]>;
  return { church, code, users: byRole };
}

/** A JSON answer as the tests read it: untyped, checked by their assertions. The one `any` of the
 * tests, kept here on purpose. */
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export type Json = any;

export interface ApiAnswer<T = Json> {
  status: number;
  body: { success: boolean; data?: T; message?: string; reason?: string };
  headers: Headers;
}

/** A REST call through real HTTP. */
export async function api<T = Json>(
  baseUrl: string,
  method: string,
  path: string,
  options: { token?: string; code?: string; body?: unknown; headers?: Record<string, string> } = {},
): Promise<ApiAnswer<T>> {
  const headers: Record<string, string> = { ...options.headers };
  if (options.body !== undefined) headers['content-type'] = 'application/json';
  if (options.token) headers.authorization = `Bearer ${options.token}`;
  if (options.code) headers['x-church-code'] = options.code;
  const res = await fetch(baseUrl + path, {
    method, headers, body: options.body === undefined ? undefined : JSON.stringify(options.body),
  });
  return { status: res.status, body: await res.json(), headers: res.headers };
}

// Fixtures of classes and students.
import { academicYearOf } from '../../common/academic-year.js';
import { todayIn } from '../../common/dates.js';

let classCounter = 0;

/**
 * A class of the current academic year with `students` students (roll numbers 1..n), written
 * straight into the database through the tenant door, for tests of modules that need classes and
 * students without going through their endpoints. `names` overrides the generated student names.
 */
export async function createClassWithStudents(
  db: Database,
  churchId: string,
  options: { teacherId?: string | null; students?: number; names?: string[]; className?: string; section?: string; academicYear?: string } = {},
) {
  const names = options.names ?? Array.from({ length: options.students ?? 3 }, (_, i) => `Student ${i + 1}`);
  const academicYear = options.academicYear ?? academicYearOf(todayIn('Asia/Kolkata'), 6);
  return db.withTenant(churchId, async (tx) => {
    const [cls] = await tx.insert(classes).values({
      churchId,
      className: options.className ?? '3rd',
      section: options.section ?? `S${++classCounter}-${randomBytes(2).toString('hex')}`,
      teacherId: options.teacherId ?? null,
      academicYear,
    }).returning();
    const rows = names.length === 0 ? [] : await tx.insert(students).values(names.map((name, i) => ({
      churchId,
      classId: cls.id,
      name,
      dateOfBirth: '2015-01-15',
      rollNumber: i + 1,
      academicYear,
    }))).returning();
    // Every student has a primary guardian (the student API's parent phone), as the API makes them.
    if (rows.length) {
      await tx.insert(studentGuardians).values(rows.map((row, i) => ({
        churchId, studentId: row.id, position: PRIMARY_GUARDIAN_POSITION, name: DEFAULT_GUARDIAN_NAME, relation: 'parent',
        phone: `+91 90000 ${String(10000 + i).slice(-5)}`,
      })));
    }
    return { class: cls, students: rows };
  });
}

export const OPERATOR_TEST_PASSWORD = 'operator-password-1';

/** A new platform operator (a unique address), enrolled by createOperator, signed in through
 * POST /api/admin/auth/login and then /api/admin/auth/second-factor with a code computed from its
 * secret. The token is a bearer token; a browser test sets it as the console's cookie. */
export async function signInNewOperator(db: Database, baseUrl: string) {
  const email = `ops-${randomBytes(4).toString('hex')}@platform.test`;
  const { secret } = await createOperator(db, testSeedKey(), email, OPERATOR_TEST_PASSWORD);
  const login = await api(baseUrl, 'POST', '/api/admin/auth/login', { body: { email, password: OPERATOR_TEST_PASSWORD } });
  if (login.status !== 200) throw new Error(`operator sign-in failed: ${login.status} ${login.body.message}`);
  const done = await api(baseUrl, 'POST', '/api/admin/auth/second-factor', { body: { challenge: login.body.data.challenge, code: totpCode(secret) } });
  if (done.status !== 200) throw new Error(`operator second factor failed: ${done.status} ${done.body.message}`);
  return { token: done.body.data.token as string, id: done.body.data.admin.id as string, email, secret };
}

/** A test app and a new operator signed in on it: the setup of the console's API tests. */
export async function startAppWithOperator() {
  const app: TestApp = await startTestApp();
  const operator = await signInNewOperator(app.db, app.url);
  return { app, token: operator.token, operatorId: operator.id, operator };
}

/** One more user of a church (password TEST_PASSWORD), beside createChurch's one per role. */
export async function addChurchUser(db: Database, churchId: string, role: 'super_admin' | 'principal' | 'teacher' | 'guest', name: string) {
  const hash = await passwordHash();
  const [user] = await db.withTenant(churchId, (tx) => tx.insert(users).values({
    churchId, role, name, email: `${name.toLowerCase().replace(/[^a-z0-9]+/g, '-')}-${randomBytes(3).toString('hex')}@substitute.test`, passwordHash: hash,
  }).returning());
  return user;
}
