import { consentLinks, studentConsents } from '../../../drizzle/schema/index.js';
import { exportJson, idsOfChildRows, type ChildData } from '../../core/child-data.js';
import { selectConsentHistory } from './queries.js';

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
    return [exportJson('consents.json', answers.map((c) => ({
      purpose: c.purpose, given: c.given, guardian_name: c.guardianName, guardian_relation: c.guardianRelation, method: c.method,
      recorded_by: c.recordedByName, recorded_at: c.recordedAt.toISOString(), ip_address: c.ipAddress, user_agent: c.userAgent,
    })))];
  },
};
