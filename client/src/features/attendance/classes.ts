import { skipToken } from '@tanstack/react-query';
import type { ChurchRole } from '../../../../common/constants';
import { trpc } from '../../lib/trpc';

/**
 * The classes a user may mark attendance for (01 section 6): a teacher's own classes (my-classes);
 * for principals and super admins every class of the church's current academic year.
 */
export function useMarkableClasses(role: ChurchRole) {
  const teacher = role === 'teacher';
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
