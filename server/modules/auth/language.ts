import { and, eq } from 'drizzle-orm';
import { users } from '../../../drizzle/schema/index.js';
import type { Locale } from '../../../common/i18n/locales.js';
import type { TenantScope } from '../../core/scopes.js';
import type { Tx } from '../../db/index.js';

/** Stores a user's own language (inside their church's tenant transaction). */
export async function saveOwnLanguage(tx: Tx, churchId: string, userId: string, language: Locale) {
  await tx.update(users).set({ language, updatedAt: new Date() })
    .where(and(eq(users.churchId, churchId), eq(users.id, userId)));
}

/**
 * PUT /api/auth/language: the signed-in user's own language, whatever their role (a guest's too):
 * it is their preference, not the church's data, so like a password reset it is not audited. From
 * now on the church area and their mails speak it, whatever the church's default.
 */
export async function setOwnLanguage({ tx, user, church }: TenantScope, language: Locale) {
  await saveOwnLanguage(tx, church.id, user.id, language);
  return { language };
}
