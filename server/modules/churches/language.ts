import { eq } from 'drizzle-orm';
import { churches } from '../../../drizzle/schema/index.js';
import { LOCALE_NAMES, type Locale } from '../../../common/i18n/locales.js';
import type { TenantScope } from '../../core/scopes.js';
import { auditChurchChange } from '../audit/index.js';

/**
 * PUT /api/churches/language (super admin): the language of the church's users who chose none, and
 * of their mails; audited in the same transaction, like the church's other configuration.
 */
export async function setDefaultLanguage({ tx, user, church }: TenantScope, language: Locale) {
  // Locked so two saves at once audit the old value each really replaced.
  const [old] = await tx.select({ language: churches.defaultLanguage }).from(churches)
    .where(eq(churches.id, church.id)).for('update');
  await tx.update(churches).set({ defaultLanguage: language, updatedAt: new Date() }).where(eq(churches.id, church.id));
  await auditChurchChange(tx, {
    user, action: 'church.default_language_updated', resourceType: 'church', resourceId: church.id,
    details: { old: old?.language, new: language },
    description: `Church default language set to ${LOCALE_NAMES[language]} (${language})`,
  });
  return { default_language: language };
}
