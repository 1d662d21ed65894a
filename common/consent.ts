/**
 * Children's data by consent. A guardian answers for a child, purpose by purpose; every answer is
 * kept (given or withdrawn, by whom, when, how) and the latest answer of a purpose is the one in
 * force. No answer at all counts as not given.
 *
 * - enrolment: keeping the child's record and attendance. Without it the child may still be marked
 *   present (the church's legitimate use that day), and staff see "consent missing".
 * - photos: showing media the child is tagged in to guests and teachers.
 * - messages: messages to the family (a guardian's answer also sets that guardian's consent to be
 *   contacted, which decides the WhatsApp buttons).
 */
export const CONSENT_PURPOSES = ['enrolment', 'photos', 'messages'] as const;
export type ConsentPurpose = (typeof CONSENT_PURPOSES)[number];

/** How staff collected an answer they record. The third way, 'digital_link', is the guardian's own
 * answer through a consent link, recorded by that link alone. */
export const STAFF_CONSENT_METHODS = ['paper_form', 'in_person'] as const;

/** A consent link works this long after it is made, and for one answer. */
export const CONSENT_LINK_DAYS = 7;

/** Requests one consent link may take in 15 minutes (opening the page, changing its language,
 * answering): plenty for its guardian, nothing for someone hammering it. */
export const CONSENT_LINK_MAX_REQUESTS = 30;

/** The church's privacy notice: its five parts, each at most this many characters. */
export const PRIVACY_NOTICE_PARTS = ['controller', 'data_kept', 'purposes', 'retention', 'contact'] as const;
export type PrivacyNoticePart = (typeof PRIVACY_NOTICE_PARTS)[number];
export const PRIVACY_NOTICE_MAX: Record<PrivacyNoticePart, number> = {
  controller: 1000, data_kept: 2000, purposes: 2000, retention: 1000, contact: 1000,
};

/** Years without being seen after which a child is offered for erasure (each church sets its own). */
export const RETENTION_YEARS = { default: 3, min: 1, max: 10 } as const;

/**
 * The consent texts the server sends (the public consent page's refusals, staff's mistakes); the
 * client shows the catalogue's translation of each (area `consent`, the same names).
 */
export const CONSENT_MESSAGES = {
  linkNotFound: 'This consent link is not valid. Please ask the church for a new one.',
  linkExpired: 'This consent link has expired. Please ask the church for a new one.',
  linkUsed: 'This consent link has already been used.',
  linkRevoked: 'This consent link was withdrawn by the church. Please ask the church for a new one.',
  linkReplaced: 'A newer consent link was made for you. Please use the newest link, or ask the church for a new one.',
  linkGuardianRemoved: 'This consent link was sent to someone who is no longer one of the child\'s guardians, so it cannot be used. Please ask the church for a new one.',
  linkIdInvalid: 'This consent link was not found.',
  linkNotOpen: 'This consent link can no longer be revoked: it was answered, has expired or was revoked already.',
  confirmationsRequired: 'Please confirm that you are this child\'s parent or legal guardian and that you are 18 or older.',
  answerRequired: 'Give at least one answer (enrolment, photos or messages).',
  answerInvalid: 'Each answer must be true (given) or false (withdrawn).',
  guardianNotOfChild: 'This guardian is not one of the child\'s guardians.',
  guardianRequired: 'Choose one of the child\'s guardians.',
  methodInvalid: 'The method must be paper_form or in_person.',
} as const;

/** A guardian's browser as kept with a digital answer, as evidence: at most this many characters. */
export const CONSENT_USER_AGENT_MAX = 500;
