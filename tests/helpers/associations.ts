import { randomBytes } from 'node:crypto';
import { associationOfficers, associations } from '../../drizzle/schema/index.js';
import type { OfficerRole } from '../../common/associations.js';
import type { Database } from '../../server/db/index.js';
import { hashPassword } from '../../server/modules/credentials/index.js';
import { TEST_PASSWORD } from './fixtures.js';
import { signIn, type ChurchSession } from './church-session.js';

const CODE_ALPHABET = 'ABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789';
let cachedHash: Promise<string> | undefined;

/** An association (code 'A' and five characters: test churches' codes start with 'T') with one
 * officer per role (emails role@code.assoc.test, the tests' password), made through the platform
 * door as the console does. */
export async function createAssociation(db: Database, roles: OfficerRole[] = ['association_admin', 'examination_controller', 'section_convener', 'valuer']) {
  const hash = await (cachedHash ??= hashPassword(TEST_PASSWORD));
  const code = `A${Array.from(randomBytes(5), (byte) => CODE_ALPHABET[byte % 36]).join('')}`;
  return db.withPlatform(async (tx) => {
    const [association] = await tx.insert(associations).values({ code, name: `Association ${code}`, kind: 'diocese', languages: ['en', 'ml'] }).returning();
    const officers = await tx.insert(associationOfficers).values(roles.map((role) => ({
      associationId: association.id, role, name: `${role} of ${code}`, email: officerEmail(role, code), passwordHash: hash,
    }))).returning();
    return { association, code, officers: Object.fromEntries(officers.map((o) => [o.role, o])) as Record<OfficerRole, typeof officers[number]> };
  });
}

export const officerEmail = (role: OfficerRole, code: string) => `${role.replace('_', '')}@${code.toLowerCase()}.assoc.test`;

/** An officer signed in through POST /api/auth/login with the association's code: calls made with its token and the
 * association's code, as a church user's are (`user` and `church` are not in its answer). */
export const signInOfficer = (baseUrl: string, code: string, email: string): Promise<ChurchSession> =>
  signIn(baseUrl, code, email, TEST_PASSWORD);
