import { restRoute } from '../../rest/route-table.js';
import type { monthlySummaryCsv } from './service.js';

const route = restRoute('attendance');

export const attendanceRestRoutes = [
  route({ method: 'POST', path: '/api/attendance/mark', procedure: 'attendance.mark',
    summary: 'Mark a class for a date (today back to 14 days ago): every student of the class is saved, '
      + 'absent unless chosen present; marking again updates. Answers marked, present, absent, date' }),
  route({ method: 'GET', path: '/api/attendance/class/{classId}/date/{date}', procedure: 'attendance.byDate',
    summary: 'Stored attendance records [{ student_id, status }] of a class on a date (empty when none)' }),
  route({ method: 'GET', path: '/api/attendance/class/{classId}/monthly', procedure: 'attendance.monthly',
    summary: 'Monthly summary (query year, month): per student roll_number, present_days, absent_days, '
      + 'total_days, percentage; empty when the month has no attendance' }),
  route({ method: 'GET', path: '/api/attendance/class/{classId}/monthly.csv', procedure: 'attendance.monthlyCsv',
    summary: 'The monthly summary (query year, month) as a text/csv download; errors are JSON',
    render: (output: Awaited<ReturnType<typeof monthlySummaryCsv>>) =>
      ({ contentType: 'text/csv; charset=utf-8', filename: output.filename, body: output.csv }) }),
  route({ method: 'GET', path: '/api/attendance/class/{classId}/calendar', procedure: 'attendance.calendar',
    summary: 'Calendar view (query year, month): per date with attendance present_count, absent_count, total_students' }),
];
