import type { RouterOutputs } from './trpc';

export type ClassItem = RouterOutputs['classes']['list'][number];

/** '3rd A', or '5th' for a class without a section. */
export const classLabel = (cls: { class_name: string; section: string | null }) =>
  cls.section ? `${cls.class_name} ${cls.section}` : cls.class_name;

/** '3rd A (2025-2026)', for pickers that list classes of several years. */
export const classLabelWithYear = (cls: { class_name: string; section: string | null; academic_year: string }) =>
  `${classLabel(cls)} (${cls.academic_year})`;

/**
 * The class teacher as a column shows it. A teacher looks at their own classes, so when a class
 * names no teacher the viewer's own name is shown (01 section 2); managers see 'Unassigned'.
 */
export function classTeacherName(cls: Pick<ClassItem, 'teacher_name'>, viewer: { role: string; name: string }, unassigned: string) {
  if (cls.teacher_name) return cls.teacher_name;
  return viewer.role === 'teacher' ? viewer.name : unassigned;
}

/** Select options of classes, grouped by academic year (newest first) when there are several years. */
export function classOptions(classes: readonly ClassItem[]) {
  const years = [...new Set(classes.map((c) => c.academic_year))].sort().reverse();
  const item = (c: ClassItem) => ({ value: c.id, label: classLabel(c) });
  if (years.length <= 1) return classes.map(item);
  return years.map((year) => ({ group: year, items: classes.filter((c) => c.academic_year === year).map(item) }));
}
