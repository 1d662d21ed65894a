/**
 * The client's chunks that are not one per screen (vite.config.ts makes them; scripts/bundle-budget.ts
 * measures them).
 *
 * Every signed-in load needs the dashboard frame, and Sunday morning's two screens are the teacher's
 * dashboard and Mark Attendance: those three, and what they import that the entry does not hold, are
 * one chunk with one stylesheet. Left to itself the bundler gave them a dozen small scripts and
 * stylesheets (the small Mantine components and icons they share with other screens), found one
 * level after another; on HTTP/1.1 (six connections, a round trip each on a phone) that is what kept
 * their first paint late. The month names (lib/months.ts), which the reports, records, gallery and
 * configuration screens share, join them: every one of those screens loads this chunk anyway, and on
 * their own they were one more request for each.
 */
export const SIGNED_IN_CHUNK = 'signed-in';

/** The screens in the signed-in chunk, as paths under client/ (the keys of Vite's manifest). */
export const SIGNED_IN_SCREENS = [
  'src/features/shell/DashboardLayout.tsx',
  'src/features/dashboard/DashboardHome.tsx',
  'src/features/attendance/MarkAttendancePage.tsx',
];

/** Shared modules the signed-in chunk also takes (see above). */
export const SIGNED_IN_SHARED = ['src/lib/months.ts'];

/**
 * The lists' chunk: Mantine's Table with the one list frame of the church screens and the console
 * (components/PagedTable.tsx) and its skeleton. Every list screen fetches the Table's chunk; left to
 * itself the bundler gave PagedTable a chunk of its own, one more request on each of them. The group
 * takes these modules only, not what they import, which stays in the chunks it was in.
 */
export const LISTS_CHUNK = 'Table';
export const LISTS_FILES = ['src/components/PagedTable.tsx', 'src/components/TableSkeleton.tsx'];
