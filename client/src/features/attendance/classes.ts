import { skipToken } from '@tanstack/react-query';
import { trpc } from '../../lib/trpc';
import { useCan } from '../auth';

/**
 * The classes the signed-in user may mark attendance for: those who see every class (who manage
 * classes) get every class of the church's current academic year; a teacher their own (my-classes).
 */
export function useMarkableClasses() {
  const teacher = !useCan('manageClasses');
  const mine = trpc.classes.myClasses.useQuery(teacher ? undefined : skipToken);
  const config = trpc.academicYear.config.useQuery(teacher ? skipToken : undefined);
  const all = trpc.classes.list.useQuery(!teacher && config.data ? { academic_year: config.data.current } : skipToken);

  if (teacher) {
    return {
      data: mine.data,
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
