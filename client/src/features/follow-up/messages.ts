import english from '../../../../common/i18n/catalogues/followup/en.json';
import { registerArea } from '../../lib/i18n';

// The texts of the follow-up screen, its dashboard card and its setting (area `followup`), known
// before any of their modules renders: each module that translates imports this one.
registerArea('followup', english);

/** The area's English, for the messages written in a guardian's language (lib/i18n/format-in.ts). */
export const FOLLOW_UP_ENGLISH: unknown = english;
