import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { setupI18n } from '@lingui/core';
import { compileMessage } from '@lingui/message-utils/compileMessage';
import { messagesOf, type ArbFile } from '../../common/i18n/compile.js';
import { INTL_LOCALE, LOCALES } from '../../common/i18n/locales.js';
import { countValues } from '../../client/src/lib/i18n/count-form.js';

/** What the message said as an ICU plural before it chose its words by the count's form. */
const AS_PLURAL = {
  en: '{count, plural, one {# student} other {# students}}',
  hi: '{count, plural, one {# छात्र} other {# छात्र}}',
  ml: '{count, plural, one {# വിദ്യാർത്ഥി} other {# വിദ്യാർത്ഥികൾ}}',
  ta: '{count, plural, one {# மாணவர்} other {# மாணவர்கள்}}',
} as const;

describe('a count message by its plural form', () => {
  it('says in every language what the ICU plural said, for none, one, a few and lakhs', () => {
    for (const locale of LOCALES) {
      const arb = JSON.parse(readFileSync(path.resolve(import.meta.dirname, `../../common/i18n/catalogues/attendance/${locale}.json`), 'utf8')) as ArbFile;
      const i18n = setupI18n({
        locale,
        locales: [INTL_LOCALE[locale]],
        messages: { [locale]: { now: compileMessage(messagesOf(arb)['attendance.studentCount']), before: compileMessage(AS_PLURAL[locale]) } },
      });
      for (const count of [0, 1, 2, 5, 21, 1234567]) {
        expect(i18n._('now', countValues(locale, count)), `${locale} ${count}`).toBe(i18n._('before', { count }));
      }
    }
  });
});
