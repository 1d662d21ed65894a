// Operators' TOTP seeds at rest (server/modules/operators/seed-box.ts): the database column holds
// no seed an authenticator could use, yet signing in with the authenticator's code works; an
// enrolment's seed is sealed in its challenge too; and a plaintext seed an earlier version stored is
// sealed at start, after which its operator still signs in.
import { randomBytes } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { operatorSignInChallenges, platformOperators } from '../../drizzle/schema/index.js';
import { hashPassword } from '../../server/modules/credentials/index.js';
import { createOperator } from '../../server/modules/operators/index.js';
import { newTotpSecret } from '../../server/modules/operators/totp.js';
import { prepareDatabase } from '../../server/prepare-database.js';
import { backend, startTestApp, testSeedKey, type TestApp } from '../helpers/app.js';
import { api, OPERATOR_TEST_PASSWORD as PASSWORD } from '../helpers/fixtures.js';
import { totpCode } from '../helpers/totp.js';

let app: TestApp;
beforeAll(async () => { app = await startTestApp(); });
afterAll(async () => { await app?.close(); });

const newAddress = () => `seeds-${randomBytes(4).toString('hex')}@platform.test`;
const storedSeed = (email: string) => app.db.withPlatform(async (tx) =>
  (await tx.select({ id: platformOperators.id, seed: platformOperators.totpSecret }).from(platformOperators).where(eq(platformOperators.email, email)))[0]);
/** Both steps with the authenticator's code of `secret`: the second step's answer. */
async function signInWith(email: string, secret: string) {
  const login = await api(app.url, 'POST', '/api/admin/auth/login', { body: { email, password: PASSWORD } });
  expect(login.status, login.body.message).toBe(200);
  return api(app.url, 'POST', '/api/admin/auth/second-factor', { body: { challenge: login.body.data.challenge, code: totpCode(secret) } });
}

describe(`operators' TOTP seeds are encrypted at rest (${backend})`, () => {
  it('admin:create stores no plaintext seed, and the authenticator\'s code signs in', async () => {
    const email = newAddress();
    const { secret } = await createOperator(app.db, testSeedKey(), email, PASSWORD);
    const { seed } = await storedSeed(email);
    expect(seed).toMatch(/^v1:[\w-]+$/);
    expect(seed).not.toContain(secret);
    expect(seed).not.toContain(secret.toLowerCase());
    const done = await signInWith(email, secret);
    expect(done.status, done.body.message).toBe(200);
    expect(done.body.data.token).toMatch(/^[\w-]{43}$/);
  });

  it('an enrolment at first sign-in keeps its seed sealed in the challenge and in the operator once confirmed', async () => {
    const email = newAddress();
    // Not yet enrolled, as PLATFORM_ADMIN_* makes an operator at start.
    const passwordHash = await hashPassword(PASSWORD);
    await app.db.withPlatform((tx) => tx.insert(platformOperators).values({ email, name: 'New Operator', passwordHash }));
    const login = await api(app.url, 'POST', '/api/admin/auth/login', { body: { email, password: PASSWORD } });
    expect(login.status, login.body.message).toBe(200);
    expect(login.body.data.second_factor).toBe('enrol');
    const secret = login.body.data.enrolment.secret as string;
    const { id } = await storedSeed(email);
    const [challenge] = await app.db.withPlatform((tx) => tx.select({ seed: operatorSignInChallenges.enrolmentSecret })
      .from(operatorSignInChallenges).where(eq(operatorSignInChallenges.operatorId, id)));
    expect(challenge.seed).toMatch(/^v1:/);
    expect(challenge.seed).not.toContain(secret);

    const done = await api(app.url, 'POST', '/api/admin/auth/second-factor', { body: { challenge: login.body.data.challenge, code: totpCode(secret) } });
    expect(done.status, done.body.message).toBe(200);
    const { seed } = await storedSeed(email);
    expect(seed).toMatch(/^v1:/);
    expect(seed).not.toContain(secret);
  });

  it('a plaintext seed of an earlier version is encrypted at start, and its operator signs in with the same authenticator', async () => {
    const email = newAddress();
    await createOperator(app.db, testSeedKey(), email, PASSWORD);
    const plaintext = newTotpSecret();
    await app.db.withPlatform((tx) => tx.update(platformOperators).set({ totpSecret: plaintext }).where(eq(platformOperators.email, email)));
    // Until then it does not open (only sealed seeds are read): the start seals it first.
    await prepareDatabase(app.db, { ...app.config, DEMO: false, DEMO_SEED: false, PLATFORM_ADMIN_EMAIL: undefined }, app.server.services.secretKeys);
    const { seed } = await storedSeed(email);
    expect(seed).toMatch(/^v1:/);
    expect(seed).not.toContain(plaintext);
    const done = await signInWith(email, plaintext);
    expect(done.status, done.body.message).toBe(200);
  });

  it('a seed sealed for another operator does not open for this one (the seed is bound to its operator)', async () => {
    const [a, b] = [newAddress(), newAddress()];
    const { secret } = await createOperator(app.db, testSeedKey(), a, PASSWORD);
    await createOperator(app.db, testSeedKey(), b, PASSWORD);
    const sealedForA = (await storedSeed(a)).seed;
    await app.db.withPlatform((tx) => tx.update(platformOperators).set({ totpSecret: sealedForA }).where(eq(platformOperators.email, b)));
    const done = await signInWith(b, secret);
    expect(done.status).toBe(401);
  });
});
