import { consentLinks, studentConsents } from '../../../drizzle/schema/index.js';
import { CONSENT_PURPOSES } from '../../../common/consent.js';
import type { MessageId } from '../../../common/i18n/areas.js';
import { exportJson, idsOfChildRows, type ChildData } from '../../core/child-data.js';
import { selectConsentHistory } from './queries.js';

const PURPOSE = { enrolment: 'privacy.purpose.enrolment', photos: 'privacy.purpose.photos', messages: 'privacy.purpose.messages' } as const;
const METHOD: Record<string, MessageId> = {
  paper_form: 'consent.method.paper_form', in_person: 'consent.method.in_person', digital_link: 'consent.method.digital_link',
};
const answer = (given: boolean) => ({ message: given ? 'privacy.family.given' : 'privacy.family.notGiven' } as const);

/** Every consent answer given for the child, and the links sent to their guardians to answer. */
export const consentChildData: ChildData = {
  owner: 'consent',
  tables: [
    { table: studentConsents, erasure: 'deleted with the student row', purge: true },
    { table: consentLinks, erasure: 'deleted with the student row', purge: true },
  ],
  async erase(tx, { churchId, studentId }) {
    return { rowIds: [...await idsOfChildRows(tx, studentConsents, churchId, studentId), ...await idsOfChildRows(tx, consentLinks, churchId, studentId)] };
  },
  async export(tx, { churchId, studentId }) {
    const answers = await selectConsentHistory(tx, churchId, studentId);
    // The newest answer of each purpose is the one in force (answers come newest first); none: not given.
    const latest = CONSENT_PURPOSES.map((purpose) => [purpose, answers.find((c) => c.purpose === purpose)] as const);
    return [exportJson('consents.json', answers.map((c) => ({
      purpose: c.purpose, given: c.given, guardian_name: c.guardianName, guardian_relation: c.guardianRelation, method: c.method,
      recorded_by: c.recordedByName, recorded_at: c.recordedAt.toISOString(), ip_address: c.ipAddress, user_agent: c.userAgent,
    }))), {
      summary: {
        heading: 'privacy.family.consentsInForce',
        table: {
          columns: ['privacy.family.purpose', 'privacy.family.inForce', 'privacy.family.since', 'privacy.family.answeredBy'],
          rows: latest.map(([purpose, c]) => [{ message: PURPOSE[purpose] }, answer(c?.given ?? false),
            c ? { moment: c.recordedAt } : '', c ? c.guardianName : { message: 'privacy.family.noAnswer' }]),
        },
      },
    }, {
      summary: {
        heading: 'privacy.family.consentHistory',
        table: {
          columns: ['privacy.family.date', 'privacy.family.purpose', 'privacy.family.answer', 'privacy.family.answeredBy', 'privacy.family.how'],
          rows: answers.map((c) => [{ moment: c.recordedAt }, { message: PURPOSE[c.purpose as keyof typeof PURPOSE] }, answer(c.given), c.guardianName,
            METHOD[c.method] ? { message: METHOD[c.method] } : c.method]),
        },
        empty: 'privacy.family.noConsents',
      },
    }];
  },
};
