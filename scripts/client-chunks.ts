/**
 * The client's chunks that are not one per screen (vite.config.ts makes them; scripts/bundle-budget.ts
 * measures them).
 *
 * Every signed-in load needs the dashboard frame, and Sunday morning's two screens are the teacher's
 * dashboard and Mark Attendance: those three, and what they import that the entry does not hold, are
 * one chunk with one stylesheet. Left to itself the bundler gave them 11 scripts and 4 stylesheets
 * of 0.1 to 3 KB each (the small Mantine components and icons they share with other screens), found
 * one level after another; on HTTP/1.1 (six connections, a round trip each on a phone) that is what
 * kept their first paint late. Together they are 12 KB of script and 4 KB of styles, gzipped.
 */
export const SIGNED_IN_CHUNK = 'signed-in';

/** The screens in the signed-in chunk, as paths under client/ (the keys of Vite's manifest). */
export const SIGNED_IN_SCREENS = [
  'src/features/shell/DashboardLayout.tsx',
  'src/features/dashboard/DashboardHome.tsx',
  'src/features/attendance/MarkAttendancePage.tsx',
];
