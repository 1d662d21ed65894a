/**
 * A guardian's link to a child's report card (issue 44): how long it works and the texts the server
 * answers with, shared with the client.
 */

/** Days a link works when it is never opened. */
export const REPORT_CARD_LINK_DAYS = 7;
/** Hours a link keeps opening after its first opening (a message's preview, then the guardian, again that day). */
export const REPORT_CARD_LINK_OPEN_HOURS = 24;
/** A link's token: 43 base64url characters (256 random bits). */
export const REPORT_CARD_TOKEN = /^[A-Za-z0-9_-]{43}$/;

export const REPORT_CARD_LINK_MESSAGES = {
  guardianNotFound: 'Guardian not found for this student.',
  noContactConsent: 'This guardian has not agreed to be contacted, so no report card link can be sent to them. Record their consent first.',
  noPublishedResults: 'No results of this child\'s class are published this year, so there is no report card to share yet.',
  linkNotFound: 'This report card link is not valid. Please ask the Sunday school for a new one.',
  linkGone: 'This report card link has expired or was replaced. Please ask the Sunday school for a new one.',
} as const;
