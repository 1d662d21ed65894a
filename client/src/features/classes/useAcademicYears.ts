import { trpc } from '../../lib/trpc';

/**
 * The church's academic years (GET /api/gallery/academic-year/config): the current one, computed
 * by the server in the church's time zone, and the choices offered in pickers. The server always
 * answers (stored value or DEFAULT_ACADEMIC_YEAR_CONFIG of common/academic-year.ts), so there is no client-side default.
 */
export function useAcademicYears() {
  return trpc.academicYear.config.useQuery(undefined, { staleTime: 5 * 60_000 });
}

/** The choices, plus a year a record already carries that has fallen out of the configured range. */
export function yearOptions(choices: readonly string[] | undefined, ...keep: (string | null | undefined)[]): string[] {
  const out = [...(choices ?? [])];
  for (const year of keep) if (year && !out.includes(year)) out.push(year);
  return out.sort();
}
