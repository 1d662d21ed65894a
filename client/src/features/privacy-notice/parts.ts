import type { PrivacyNoticePart } from '../../../../common/consent';
import type { MessageId } from '../../lib/i18n';

/** Each part's heading, as the consent form and the public page print it. */
export const PART_HEADING: Record<PrivacyNoticePart, MessageId> = {
  controller: 'privacy.heading.controller', data_kept: 'privacy.heading.dataKept', purposes: 'privacy.heading.purposes',
  retention: 'privacy.heading.retention', contact: 'privacy.heading.contact',
};
