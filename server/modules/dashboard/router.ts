import { capabilityProcedure, router } from '../../trpc/init.js';
import { rest } from '../../rest/meta.js';
import { dayAtAGlance } from './service.js';

export const dashboardRouter = router({
  today: capabilityProcedure('markAttendance')
    .meta(rest('GET', '/api/dashboard/today', 'The Sunday at a glance: the church\'s today (its time zone), the day shown (day: today on '
      + 'one of its class_days, else the last class day; is_class_day; next_class_day), and per class of the current academic year '
      + '(a teacher\'s own; every class for principals and super admins): teacher_name, substitute_name (null: not recorded yet), '
      + 'children on the roll call, marked, marked_count, present, marked_at, follow_up (children on the follow-up list), and '
      + 'nudge_url (principals and super admins, on a class day, a class not marked yet whose teacher has a phone: a wa.me link '
      + 'with a message in the reader\'s language); the follow-up list\'s count and the families contacted this week; consent_gaps '
      + '(children without enrolment consent; null for teachers)'))
    .query(({ ctx }) => dayAtAGlance(ctx)),
});
