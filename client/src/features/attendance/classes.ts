import { skipToken } from '@tanstack/react-query';
import { trpc } from '../../lib/trpc';
import { useCan } from '../auth';

/**
 * The classes the signed-in user may mark attendance for: those who see every class (who manage
 * classes) get every class of the church's current academic year; a teacher their own (my-classes)
 * and those they stand in for today as a substitute (shown once that answer is here; its failure
 * leaves their own).
 */
export function useMarkableClasses() {
  const teacher = !useCan('manageClasses');
  const mine = trpc.classes.myClasses.useQuery(teacher ? undefined : skipToken);
  // The classes they stand in for today (a substitute's), after their own.
  const standIn = trpc.substitutes.today.useQuery(teacher ? undefined : skipToken);
  const config = trpc.academicYear.config.useQuery(teacher ? skipToken : undefined);
  const all = trpc.classes.list.useQuery(!teacher && config.data ? { academic_year: config.data.current } : skipToken);

  if (teacher) {
    const own = new Set((mine.data ?? []).map((c) => c.id));
    return {
      data: mine.data && [...mine.data, ...(standIn.data ?? []).filter((c) => !own.has(c.id))],
      isPending: mine.isPending,
      error: mine.error,
      retrying: mine.isFetching,
      retry: () => void mine.refetch(),
    };
  }
  return {
    data: all.data,
    isPending: config.isPending || (config.isSuccess && all.isPending),
    error: config.error ?? all.error,
    retrying: config.isFetching || all.isFetching,
    retry: () => void (config.isError ? config.refetch() : all.refetch()),
  };
}
