import { skipToken } from '@tanstack/react-query';
import type { ChurchRole } from '../../../../common/constants';
import { trpc, type RouterOutputs } from '../../lib/trpc';

export type ClassItem = RouterOutputs['classes']['list'][number];

/** How a class is named in pickers: '3rd A', or '5th' when it has no section. */
export const classLabel = (cls: Pick<ClassItem, 'class_name' | 'section'>) =>
  cls.section ? `${cls.class_name} ${cls.section}` : cls.class_name;

/** Select options of classes, grouped by academic year (newest first) when there are several years. */
export function classOptions(classes: readonly ClassItem[]) {
  const years = [...new Set(classes.map((c) => c.academic_year))].sort().reverse();
  const item = (c: ClassItem) => ({ value: c.id, label: classLabel(c) });
  if (years.length <= 1) return classes.map(item);
  return years.map((year) => ({ group: year, items: classes.filter((c) => c.academic_year === year).map(item) }));
}

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
