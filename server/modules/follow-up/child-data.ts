import { followUpContacts } from '../../../drizzle/schema/index.js';
import type { MessageId } from '../../../common/i18n/areas.js';
import { exportJson, idsOfChildRows, type ChildData } from '../../core/child-data.js';
import { contactsOf } from './queries.js';

const OUTCOME: Record<string, MessageId> = {
  reached: 'followup.outcome.reached', no_answer: 'followup.outcome.no_answer', sick: 'followup.outcome.sick',
  moved_away: 'followup.outcome.moved_away', other: 'followup.outcome.other',
};

/** The contacts made with a child's family after absences: when, by whom, the outcome and the note. */
export const followUpChildData: ChildData = {
  owner: 'follow-up',
  tables: [{ table: followUpContacts, erasure: 'deleted with the student row', purge: true }],
  async erase(tx, { churchId, studentId }) {
    return { rowIds: await idsOfChildRows(tx, followUpContacts, churchId, studentId) };
  },
  /** Oldest first, as a family reads a history. */
  async export(tx, { churchId, studentId }) {
    const contacts = (await contactsOf(tx, churchId, studentId)).reverse();
    return [exportJson('follow-up.json', contacts.map((c) => ({
      contacted_at: c.contactedAt.toISOString(), contacted_by: c.contactedByName, outcome: c.outcome, note: c.note,
    }))), {
      summary: {
        heading: 'privacy.family.followUp',
        table: {
          columns: ['privacy.family.date', 'privacy.family.by', 'privacy.family.outcome', 'privacy.family.note'],
          rows: contacts.map((c) => [{ moment: c.contactedAt }, c.contactedByName, OUTCOME[c.outcome] ? { message: OUTCOME[c.outcome] } : c.outcome, c.note ?? '']),
        },
        empty: 'privacy.family.noFollowUp',
      },
    }];
  },
};
