/**
 * The client's chunks that are not one per screen (vite.config.ts makes them; scripts/bundle-budget.ts
 * measures them).
 *
 * Every signed-in load needs the dashboard frame, and Sunday morning's two screens are the teacher's
 * dashboard and Mark Attendance: those three, and what they import that the entry does not hold, are
 * one chunk with one stylesheet. Left to itself the bundler gave them a dozen small scripts and
 * stylesheets (the small Mantine components and icons they share with other screens), found one
 * level after another; on HTTP/1.1 (six connections, a round trip each on a phone) that is what kept
 * their first paint late.
 *
 * Every screen but the sign-in loads this chunk, the console's too, so two small modules that many
 * screens share join it instead of being a request of their own on each of those screens: the list
 * frame (components/PagedTable.tsx with its skeleton), which every list of the church screens and of
 * the console shows, and the month names (lib/months.ts) of the reports, records, gallery and
 * configuration screens.
 */
export const SIGNED_IN_CHUNK = 'signed-in';

/** The screens in the signed-in chunk, as paths under client/ (the keys of Vite's manifest). */
export const SIGNED_IN_SCREENS = [
  'src/features/shell/DashboardLayout.tsx',
  // The frame's sidebar entries with their icons (app/ChurchFrame.tsx), kept out of the sign-in page.
  'src/app/ChurchFrame.tsx',
  'src/features/dashboard/DashboardHome.tsx',
  'src/features/attendance/MarkAttendancePage.tsx',
];

/** The shared modules the signed-in chunk also takes (see above). */
export const SIGNED_IN_SHARED = ['src/components/PagedTable.tsx', 'src/components/TableSkeleton.tsx', 'src/lib/months.ts'];

/**
 * The lists' table (components/DataTable.tsx) joins Mantine's Table, whose chunk every table screen
 * fetches anyway; left to itself the bundler gave it a chunk of its own, one more request on each of
 * them. The group takes these modules only, not what they import.
 */
export const TABLE_CHUNK = 'Table';
export const TABLE_FILES = ['src/components/DataTable.tsx'];
