import type common from './catalogues/common/en.json';
import type auth from './catalogues/auth/en.json';
import type dashboard from './catalogues/dashboard/en.json';
import type attendance from './catalogues/attendance/en.json';
import type reports from './catalogues/reports/en.json';
import type configuration from './catalogues/configuration/en.json';
import type registration from './catalogues/registration/en.json';
import type payments from './catalogues/payments/en.json';
import type users from './catalogues/users/en.json';
import type records from './catalogues/records/en.json';
import type gallery from './catalogues/gallery/en.json';
import type subscription from './catalogues/subscription/en.json';
import type classes from './catalogues/classes/en.json';
import type students from './catalogues/students/en.json';
import type studentview from './catalogues/studentview/en.json';
import type followup from './catalogues/followup/en.json';
import type mail from './catalogues/mail/en.json';
import type safety from './catalogues/safety/en.json';
import type privacy from './catalogues/privacy/en.json';
import type consent from './catalogues/consent/en.json';
import type substitutes from './catalogues/substitutes/en.json';
import type examprint from './catalogues/examprint/en.json';
import type exammarks from './catalogues/exammarks/en.json';
import type exams from './catalogues/exams/en.json';
import type certificates from './catalogues/certificates/en.json';
import type association from './catalogues/association/en.json';
import type membership from './catalogues/membership/en.json';
import type associationtotals from './catalogues/associationtotals/en.json';

/**
 * The catalogue's areas: one folder each under catalogues/, with one ARB file per language. An area
 * is what one part of the client loads at once (its screens' texts), so that a language adds only
 * the texts of the screen being shown. Every id starts with its area's name and a dot.
 */
export const AREAS = ['common', 'auth', 'dashboard', 'attendance', 'reports', 'configuration', 'registration', 'payments', 'users', 'records', 'gallery', 'subscription', 'classes', 'students', 'studentview', 'followup', 'mail', 'safety', 'privacy', 'consent', 'substitutes', 'examprint', 'exammarks', 'exams', 'certificates', 'association', 'membership', 'associationtotals'] as const;

/** The ids of an ARB file's messages (its `@` entries are metadata). */
type IdsOf<File> = Exclude<keyof File, `@${string}`>;

/** Every message id of the English reference catalogue: a call with any other id does not compile. */
export type MessageId =
  | IdsOf<typeof common>
  | IdsOf<typeof auth>
  | IdsOf<typeof dashboard>
  | IdsOf<typeof attendance>
  | IdsOf<typeof reports>
  | IdsOf<typeof configuration>
  | IdsOf<typeof registration>
  | IdsOf<typeof payments>
  | IdsOf<typeof users>
  | IdsOf<typeof records>
  | IdsOf<typeof gallery>
  | IdsOf<typeof subscription>
  | IdsOf<typeof classes>
  | IdsOf<typeof students>
  | IdsOf<typeof studentview>
  | IdsOf<typeof followup>
  | IdsOf<typeof mail>
  | IdsOf<typeof safety>
  | IdsOf<typeof privacy>
  | IdsOf<typeof consent>
  | IdsOf<typeof substitutes>
  | IdsOf<typeof examprint>
  | IdsOf<typeof exammarks>
  | IdsOf<typeof exams>
  | IdsOf<typeof certificates>
  | IdsOf<typeof association>
  | IdsOf<typeof membership>
  | IdsOf<typeof associationtotals>;
