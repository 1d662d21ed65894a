import {
  followUpContactInput, followUpListInput, followUpSettingsInput, followUpStudentInput,
} from '../../../common/schemas/follow-up.js';
import { capabilityProcedure, router } from '../../trpc/init.js';
import { rest } from '../../rest/meta.js';
import {
  followUpList, followUpSettings, followUpSummary, recordContact, studentContacts, updateFollowUpSettings,
} from './service.js';

/** Teachers follow up the children of their own classes, principals and super admins every class. */
const followers = capabilityProcedure('followUp');

export const followUpRouter = router({
  list: followers
    .meta(rest('GET', '/api/follow-up', 'Children absent at the church\'s number of their class\'s roll calls in a row (absences_in_a_row), counting roll calls '
      + 'of the church\'s class days only (class_days), '
      + 'longest streak first: student, class, weeks_missed (the current streak), streak_since, last_present (null if never), '
      + 'contacted and last_contact since the streak began, guardians in order with their tel: links (and wa.me links for '
      + 'those who agreed to be contacted and use WhatsApp); the current academic year\'s classes, or one (query classId); '
      + 'a teacher\'s own classes only. Inactive children are left out'))
    .input(followUpListInput).query(({ ctx, input }) => followUpList(ctx, input)),
  summary: followers
    .meta(rest('GET', '/api/follow-up/summary', 'Dashboard figures of the current academic year: per class follow_up (children on the list) '
      + 'and contacted_this_week (children with a contact recorded Monday to Sunday in the church\'s time zone), only classes with '
      + 'either above zero, and their totals; a teacher\'s own classes only'))
    .query(({ ctx }) => followUpSummary(ctx)),
  contacts: followers
    .meta(rest('GET', '/api/follow-up/{studentId}/contacts', 'A child\'s follow-up contact records, newest first'))
    .input(followUpStudentInput).query(({ ctx, input }) => studentContacts(ctx, input.studentId)),
  recordContact: followers
    .meta(rest('POST', '/api/follow-up/{studentId}/contacts', 'Record a call to a child\'s family: outcome (reached, no_answer, sick, '
      + 'moved_away, other) and an optional note (at most 500 characters); who and when are recorded; audited. moved_away makes '
      + 'the child inactive (off the roll call and this list; still in student lists, flagged, and in reports); an inactive child '
      + 'answers 409', { successStatus: 201 }))
    .input(followUpContactInput).mutation(({ ctx, input }) => recordContact(ctx, input)),
  settings: followers
    .meta(rest('GET', '/api/follow-up/settings', 'After how many absences in a row a child is followed up (absences_in_a_row, 1-10; 2 unless set) '
      + 'and the weekdays whose roll calls count (class_days, ISO 1 Monday ... 7 Sunday; [7] unless set)'))
    .query(({ ctx }) => followUpSettings(ctx)),
  updateSettings: capabilityProcedure('configureFollowUp')
    .meta(rest('PUT', '/api/follow-up/settings', 'Set absences_in_a_row (1-10) and, optionally, class_days (one or more ISO weekdays, each once) '
      + '(super_admin, principal); audited; applies to the list at once'))
    .input(followUpSettingsInput).mutation(({ ctx, input }) => updateFollowUpSettings(ctx, input)),
});
