import { readablePhone } from '../../../common/phone.js';
import { studentCare, studentGuardians, studentPickups } from '../../../drizzle/schema/index.js';
import { exportJson, idsOfChildRows, type ChildData } from '../../core/child-data.js';
import { familyContactsOf } from './family.js';

/** The child's family as the safety card keeps it: guardians, pickups, emergency contact and medical note.
 * guardians.json keeps the phones as stored (E.164); the summary shows them for reading. */
export const guardiansChildData: ChildData = {
  owner: 'guardians',
  tables: [
    { table: studentGuardians, erasure: 'deleted with the student row', purge: true },
    { table: studentPickups, erasure: 'deleted with the student row', purge: true },
    { table: studentCare, erasure: 'deleted with the student row (medical note, emergency contact)', purge: true },
  ],
  async erase(tx, { churchId, studentId }) {
    return { rowIds: [...await idsOfChildRows(tx, studentGuardians, churchId, studentId), ...await idsOfChildRows(tx, studentPickups, churchId, studentId)] };
  },
  async export(tx, { churchId, studentId }) {
    const family = await familyContactsOf(tx, churchId, studentId);
    const yesNo = (yes: boolean) => ({ message: yes ? 'privacy.family.yes' : 'privacy.family.no' } as const);
    const relation = (value: string) => ({ message: 'safety.relation', values: { relation: value } } as const);
    return [exportJson('guardians.json', family), {
      summary: {
        heading: 'privacy.family.guardians',
        table: {
          columns: ['privacy.family.name', 'privacy.family.relation', 'privacy.family.phone', 'privacy.family.email', 'privacy.family.agreedToMessages'],
          rows: family.guardians.map((g) => [g.name, relation(g.relation), [g.phone, g.phone2].flatMap((phone) => (phone ? [readablePhone(phone)] : [])).join(', '), g.email ?? '', yesNo(g.contact_consent)]),
        },
        empty: 'privacy.family.noGuardians',
      },
    }, {
      summary: {
        heading: 'privacy.family.care',
        fields: [
          ['privacy.family.emergencyContact', family.emergency_contact
            ? `${family.emergency_contact.name}, ${readablePhone(family.emergency_contact.phone)}` : { message: 'privacy.family.notRecorded' }],
          ['privacy.family.medicalNote', family.medical_note ?? { message: 'privacy.family.notRecorded' }],
        ],
        table: {
          columns: ['privacy.family.mayCollect', 'privacy.family.relation', 'privacy.family.phone'],
          rows: family.pickups.map((p) => [p.name, relation(p.relation), readablePhone(p.phone)]),
        },
      },
    }];
  },
};
