import type { ConsentPurpose } from '../../../../common/consent';
import type { MessageId } from '../../lib/i18n';

/** Each purpose's name, as the privacy notice words it. */
export const PURPOSE_LABEL: Record<ConsentPurpose, MessageId> = {
  enrolment: 'privacy.purpose.enrolment',
  photos: 'privacy.purpose.photos',
  messages: 'privacy.purpose.messages',
};

export const STATE_LABEL = { given: 'consent.state.given', withdrawn: 'consent.state.withdrawn', none: 'consent.state.none' } as const;
export const STATE_COLOR = { given: 'teal', withdrawn: 'red', none: 'gray' } as const;

export const METHOD_LABEL: Record<string, MessageId> = {
  paper_form: 'consent.method.paper_form', in_person: 'consent.method.in_person', digital_link: 'consent.method.digital_link',
};
