import type { ASSOCIATION_KINDS } from '../../../../../common/associations';
import { ASSOCIATION_BILLING_NOTE } from '../../../../../common/schemas/admin-associations';
import type { Locale } from '../../../../../common/i18n/locales';

/** The Associations screen's texts (the console is English-only), in one place for the screen and its tests. */
export const ASSOCIATIONS_TEXTS = {
  title: 'Associations',
  intro: 'A diocese\'s or district\'s Sunday school association over its member churches. Its officers sign in at the '
    + 'church sign-in with the association\'s code; it invites churches by their code, and each church\'s super admin accepts or declines.',
  billing: ASSOCIATION_BILLING_NOTE,
  noSubscription: 'No subscription',
  create: 'Create association',
  search: 'Search',
  searchPlaceholder: 'Name or code',
  loading: 'Loading associations',
  failed: 'The associations could not be loaded.',
  empty: 'No associations found',
  emptyFiltered: 'Try another search',
  emptyYet: 'No association has been created yet',
  active: 'Active',
  inactive: 'Inactive',
  code: (code: string) => `Code: ${code}`,
  members: (n: number) => `Member churches: ${n}`,
  invited: (n: number) => `Invited: ${n}`,
  officers: (n: number) => `Officers: ${n}`,
  deactivate: 'Deactivate',
  reactivate: 'Reactivate',
  deactivateTitle: (name: string) => `Deactivate ${name}?`,
  deactivateHint: 'Its officers are signed out at once and cannot sign in until it is reactivated. Its member churches keep '
    + 'their data and plans; the association sees nothing while it is inactive.',
  cancel: 'Cancel',
  changeFailed: 'The association could not be changed: ',
  changeFailedGeneric: 'Check your connection and try again.',
  // The form.
  formTitle: 'Create association',
  name: 'Association name',
  codeLabel: 'Association code',
  codeHint: '6 letters or digits, no church\'s code: officers type it at sign-in',
  kind: 'Kind',
  mainLanguage: 'Main language',
  otherLanguages: 'Also uses',
  firstAdmin: 'First association admin',
  firstAdminHint: 'Signs in with the association\'s code, this email and this password, and adds the other officers.',
  adminName: 'Admin\'s name',
  adminEmail: 'Admin\'s email',
  adminPassword: 'Initial password',
  adminPasswordHint: 'At least 8 characters; tell the admin in person',
  submit: 'Create association',
  created: (name: string, code: string) => `${name} created: its code is ${code}`,
  createFailed: 'The association could not be created: ',
  createFailedGeneric: 'Check your connection and try again.',
} as const;

export const KIND_LABELS: Record<(typeof ASSOCIATION_KINDS)[number], string> = {
  diocese: 'Diocese', district: 'District', region: 'Region', association: 'Association',
};

/** Each language by its English name (the console is English-only). */
export const LANGUAGE_LABELS: Record<Locale, string> = { en: 'English', ml: 'Malayalam', ta: 'Tamil', hi: 'Hindi' };
