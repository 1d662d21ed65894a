import type { RouterOutputs } from './trpc';

export type ClassItem = RouterOutputs['classes']['list'][number];

/** '3rd A', or '5th' for a class without a section. */
export const classLabel = (cls: { class_name: string; section: string | null }) =>
  cls.section ? `${cls.class_name} ${cls.section}` : cls.class_name;

/** '3rd A (2025-2026)', for pickers that list classes of several years. */
export const classLabelWithYear = (cls: { class_name: string; section: string | null; academic_year: string }) =>
  `${classLabel(cls)} (${cls.academic_year})`;

/** Who looks at a list of classes: their name, and whether they see every class of the church
 * (those who manage classes) or only the classes they teach. */
export interface ClassViewer {
  name: string;
  seesAllClasses: boolean;
}

/**
 * The class teacher as a column shows it. A viewer who sees only the classes they teach is that
 * teacher, so a class that names no teacher shows the viewer's own name; the others see `unassigned`.
 */
export function classTeacherName(cls: Pick<ClassItem, 'teacher_name'>, viewer: ClassViewer, unassigned: string) {
  if (cls.teacher_name) return cls.teacher_name;
  return viewer.seesAllClasses ? unassigned : viewer.name;
}

/** Select options of classes, grouped by academic year (newest first) when there are several years. */
export function classOptions(classes: readonly ClassItem[]) {
  const years = [...new Set(classes.map((c) => c.academic_year))].sort().reverse();
  const item = (c: ClassItem) => ({ value: c.id, label: classLabel(c) });
  if (years.length <= 1) return classes.map(item);
  return years.map((year) => ({ group: year, items: classes.filter((c) => c.academic_year === year).map(item) }));
}
