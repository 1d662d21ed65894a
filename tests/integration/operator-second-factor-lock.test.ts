import { randomBytes } from 'node:crypto';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLog, platformOperators } from '../../drizzle/schema/index.js';
import { OPERATOR_MESSAGES } from '../../common/constants.js';
import { createOperator } from '../../server/modules/operators/index.js';
import { backend, startTestApp, testSeedKey, type TestApp } from '../helpers/app.js';
import { api, OPERATOR_TEST_PASSWORD as PASSWORD } from '../helpers/fixtures.js';
import { startSmtpServer, type TestSmtpServer } from '../helpers/smtp.js';
import { totpCode } from '../helpers/totp.js';

// Guessing an operator's authenticator codes (with its password known) ends after
// OPERATOR_MAX_FAILED_CODES (10) wrong codes in a row, counted in the database: codes are then
// refused, the right one too, until a recovery code passes or admin:create resets the operator; the
// operator is mailed and the lock audited. The sign-in limiter is opened wide here, so only the cap
// stops the guesses.

const OPEN_LIMITS = { LOGIN_MAX_FAILURES_PER_ACCOUNT: '1000', LOGIN_MAX_FAILURES_PER_ACCOUNT_PER_HOUR: '1000', LOGIN_MAX_FAILURES_PER_IP: '1000' };
let app: TestApp;
let smtp: TestSmtpServer;
beforeAll(async () => {
  smtp = await startSmtpServer();
  app = await startTestApp({ ...OPEN_LIMITS, SMTP_URL: smtp.url, PUBLIC_URL: 'https://ops.example.org' });
});
afterAll(async () => {
  await app?.close();
  await smtp?.close();
});

async function newOperator() {
  const email = `ops-${randomBytes(4).toString('hex')}@platform.test`;
  return { email, ...await createOperator(app.db, testSeedKey(), email, PASSWORD) };
}
const challengeOf = async (email: string, base = app.url) =>
  (await api(base, 'POST', '/api/admin/auth/login', { body: { email, password: PASSWORD } })).body.data.challenge as string;
const secondFactor = (challenge: string, code: string, base = app.url) =>
  api(base, 'POST', '/api/admin/auth/second-factor', { body: { challenge, code } });
/** The n-th wrong code of now: never the right one of this step or the ones either side. */
const wrongCode = (secret: string, n: number) => {
  const valid = [-30_000, 0, 30_000].map((d) => totpCode(secret, Date.now() + d));
  for (let k = n; ; k++) {
    const code = String((Number(valid[1]) + 1 + k) % 1_000_000).padStart(6, '0');
    if (!valid.includes(code)) return code;
  }
};
const operatorRow = async (email: string) =>
  (await app.db.withPlatform((tx) => tx.select().from(platformOperators).where(eq(platformOperators.email, email))))[0];
const auditEntries = (operatorId: string, action: string) => app.db.withPlatform((tx) => tx.select().from(auditLog)
  .where(and(eq(auditLog.operatorId, operatorId), eq(auditLog.action, action))));

describe('the cap on wrong second-factor codes', () => {
  it('locks the codes after 10 wrong ones in a row: the right code is refused with a clear 403, the operator is mailed and the lock audited; a recovery code signs in and unlocks', async () => {
    const operator = await newOperator();
    const challenge = await challengeOf(operator.email);
    for (let i = 0; i < 9; i++) {
      const wrong = await secondFactor(challenge, wrongCode(operator.secret, i));
      expect([wrong.status, wrong.body.message]).toEqual([401, OPERATOR_MESSAGES.invalidCode]);
    }
    const tenth = await secondFactor(challenge, wrongCode(operator.secret, 9));
    expect([tenth.status, tenth.body.message, tenth.body.reason]).toEqual([403, OPERATOR_MESSAGES.secondFactorLocked, 'second_factor_locked']);

    // The right code, on this challenge and on a new one, is refused the same way.
    const right = await secondFactor(challenge, totpCode(operator.secret));
    expect([right.status, right.body.message]).toEqual([403, OPERATOR_MESSAGES.secondFactorLocked]);
    const again = await secondFactor(await challengeOf(operator.email), totpCode(operator.secret));
    expect([again.status, again.body.reason]).toEqual([403, 'second_factor_locked']);

    const row = await operatorRow(operator.email);
    expect(row.totpLockedAt).not.toBeNull();
    const mail = await smtp.waitFor((m) => m.to.includes(operator.email));
    expect(mail.subject).toBe('Your admin sign-in codes are locked');
    expect(mail.text).toContain('followed by 10 wrong authenticator codes in a row');
    expect(mail.text).toContain('use one of your recovery codes');
    expect(mail.text).toContain('https://ops.example.org/admin-login');
    const [locked] = await auditEntries(row.id, 'operator.second_factor_locked');
    expect(locked.details).toMatchObject({ failed_codes: 10, ip: '127.0.0.1', by_operator_email: operator.email });

    // A recovery code still signs in while locked, and lifts the lock.
    const recovered = await secondFactor(await challengeOf(operator.email), operator.recoveryCodes[0]);
    expect(recovered.status).toBe(200);
    expect((await api(app.url, 'GET', '/api/admin/verify', { token: recovered.body.data.token })).status).toBe(200);
    expect(await operatorRow(operator.email)).toMatchObject({ totpFailures: 0, totpLockedAt: null });
    expect(await auditEntries(row.id, 'operator.second_factor_unlocked')).toMatchObject([{ details: { by: 'recovery_code' } }]);
    const unlocked = await secondFactor(await challengeOf(operator.email), totpCode(operator.secret));
    expect(unlocked.status).toBe(200);
    // One mail for the lock, no more for the refusals while it held.
    expect(smtp.to(operator.email)).toHaveLength(1);
  });

  it('counts wrong codes in a row only: a code that passes starts the count again', async () => {
    const operator = await newOperator();
    const first = await challengeOf(operator.email);
    for (let i = 0; i < 9; i++) expect((await secondFactor(first, wrongCode(operator.secret, i))).status).toBe(401);
    expect((await secondFactor(first, totpCode(operator.secret))).status).toBe(200);
    const second = await challengeOf(operator.email);
    for (let i = 0; i < 9; i++) expect((await secondFactor(second, wrongCode(operator.secret, i))).status).toBe(401);
    expect((await operatorRow(operator.email)).totpLockedAt).toBeNull();
  });

  it('admin:create (createOperator) lifts the lock with the new second factor, audited', async () => {
    const operator = await newOperator();
    const challenge = await challengeOf(operator.email);
    for (let i = 0; i < 10; i++) await secondFactor(challenge, wrongCode(operator.secret, i));
    expect((await secondFactor(challenge, totpCode(operator.secret))).status).toBe(403);

    const reset = await createOperator(app.db, testSeedKey(), operator.email, PASSWORD);
    const row = await operatorRow(operator.email);
    expect(row).toMatchObject({ totpFailures: 0, totpLockedAt: null });
    expect(await auditEntries(row.id, 'operator.second_factor_unlocked')).toMatchObject([{ details: { by: 'admin_create' } }]);
    expect((await secondFactor(await challengeOf(operator.email), totpCode(reset.secret))).status).toBe(200);
  });

  // Two server processes on one PostgreSQL database: the count is the operator's row, not a process's memory.
  it.skipIf(backend !== 'postgres')('counts the wrong codes of every process together', async () => {
    const other = await startTestApp({ ...OPEN_LIMITS, SMTP_URL: smtp.url });
    try {
      const operator = await newOperator();
      const here = await challengeOf(operator.email);
      for (let i = 0; i < 5; i++) expect((await secondFactor(here, wrongCode(operator.secret, i))).status).toBe(401);
      const there = await challengeOf(operator.email, other.url);
      for (let i = 5; i < 9; i++) expect((await secondFactor(there, wrongCode(operator.secret, i), other.url)).status).toBe(401);
      expect((await secondFactor(there, wrongCode(operator.secret, 9), other.url)).status).toBe(403);
      expect((await secondFactor(await challengeOf(operator.email), totpCode(operator.secret))).status).toBe(403);
    } finally {
      await other.close();
    }
  });
});
