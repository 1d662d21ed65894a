import { PRIVACY_NOTICE_PARTS, type PrivacyNoticePart } from '../../../common/consent.js';
import type { Locale } from '../../../common/i18n/locales.js';
import type { MessageId } from '../../../common/i18n/areas.js';
import { translatorFor } from '../../core/i18n.js';
import type { Tx } from '../../db/index.js';
import { selectPrivacyNotice } from './queries.js';

/** The church's privacy notice, part by part, and whether the church wrote the part itself. */
export type PrivacyNotice = Record<PrivacyNoticePart, { text: string; written_by_church: boolean }>;

const TEMPLATE: Record<PrivacyNoticePart, MessageId> = {
  controller: 'privacy.notice.controller',
  data_kept: 'privacy.notice.dataKept',
  purposes: 'privacy.notice.purposes',
  retention: 'privacy.notice.retention',
  contact: 'privacy.notice.contact',
};

const COLUMN = {
  controller: 'controller', data_kept: 'dataKept', purposes: 'purposes', retention: 'retention', contact: 'contact',
} as const satisfies Record<PrivacyNoticePart, string>;

/**
 * The notice a reader sees: each part as the church's super admin wrote it (in the one language
 * they wrote it in), or, for a part the church left unwritten, the template's words in the reader's
 * language, with the church's name and retention setting filled in.
 */
export async function privacyNoticeOf(
  tx: Tx, church: { id: string; name: string; retentionYears: number }, language: Locale,
): Promise<PrivacyNotice> {
  const row = await selectPrivacyNotice(tx, church.id);
  const t = translatorFor(language);
  const notice = {} as PrivacyNotice;
  for (const part of PRIVACY_NOTICE_PARTS) {
    const written = row?.[COLUMN[part]];
    notice[part] = written
      ? { text: written, written_by_church: true }
      : { text: t(TEMPLATE[part], { church: church.name, years: church.retentionYears }), written_by_church: false };
  }
  return notice;
}
