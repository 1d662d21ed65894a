import { teacherByChoice, type RolloverTeacherChoice } from '../../../common/rollover.js';
import type { RolloverOutcome } from '../../../common/schemas/rollover.js';
import type { YearChildRow, YearClassRow } from './queries.js';

/** What the user decided for one class of the ending year (the suggestion where they said nothing):
 * `nextTeacherId` undefined when the plan names no teacher (the teacher choice gives one). */
export interface ClassDecision {
  nextClassName: string | null;
  nextSection: string;
  nextTeacherId: string | null | undefined;
}

/** A class of the new year that already exists (made by hand before the rollover). */
export interface ExistingClass { id: string; className: string; section: string; teacherId: string | null; teacherName: string | null }

interface NewYearChild { id: string; name: string; rollNumber: number; fromClassId: string; outcome: 'moves' | 'held_back' }
interface NewYearClass {
  /** The existing class's id; undefined for a class the rollover makes. */
  existingId?: string;
  className: string;
  section: string;
  teacherId: string | null;
  children: NewYearChild[];
  /** Made as the church's lowest class for new children (no child of the ending year goes into it). */
  opened: boolean;
}
export interface Layout {
  classes: NewYearClass[];
  leaving: Array<{ id: string; name: string; fromClassId: string }>;
  /** Two classes moving into one class of the new year named different teachers: its name. */
  teacherConflict?: string;
}

/** Classes of one year are told apart by name and section, the section without case (as `sameClass` of common/rollover.ts). */
const keyOf = (className: string, section: string) => `${className}\n${section.trim().toLowerCase()}`;

/** How the new year's teachers are chosen where the plan names none. */
export interface TeacherRule {
  choice: RolloverTeacherChoice;
  isActiveTeacher: (id: string) => boolean;
}

/**
 * The new year as the plan makes it: each child of the ending year moves to their class's next class,
 * stays in their class's grade (held back) or leaves; a class that leaves (no next class) takes its
 * children out unless held back. Children of one new class are in the order of their old classes (school
 * order) and then of their old roll numbers, numbered after the highest number the class gave (from 1
 * for a class the rollover makes). A held-back child's class is the one of the new year with their old
 * class's name and section. With `lowestClassName`, the church's first class is made in the new year
 * for new children (each section it had in the ending year, or none) unless the new year has it.
 * A class the rollover makes takes the teacher its moving classes name (one at most; a class whose
 * teacher the plan leaves out names the one of the teacher choice); a class no class moves into gets
 * the teacher choice's (`teacherByChoice`); an existing class keeps its own. Classes come in school
 * order (`classOrder`), then by section.
 */
export function layOutNewYear(input: {
  oldClasses: YearClassRow[];
  decisions: Map<string, ClassDecision>;
  children: YearChildRow[];
  outcomes: Map<string, RolloverOutcome>;
  existing: ExistingClass[];
  highestRoll: Map<string, number>;
  teachers: TeacherRule;
  lowestClassName: string | null;
  classOrder: readonly string[];
}): Layout {
  const byKey = new Map<string, NewYearClass>();
  const classFor = (className: string, section: string) => {
    const key = keyOf(className, section);
    let cls = byKey.get(key);
    if (!cls) {
      const found = input.existing.find((e) => keyOf(e.className, e.section) === key);
      cls = found
        ? { existingId: found.id, className: found.className, section: found.section, teacherId: found.teacherId, children: [], opened: false }
        : { className, section: section.trim(), teacherId: null, children: [], opened: false };
      byKey.set(key, cls);
    }
    return cls;
  };
  const byChoice = (into: NewYearClass, from: YearClassRow | null) =>
    teacherByChoice(input.teachers.choice, into, from, input.oldClasses, input.teachers.isActiveTeacher);
  // The classes the plan moves into, in the old classes' order, and the teacher each names.
  let teacherConflict: string | undefined;
  const movedInto = new Set<NewYearClass>();
  for (const old of input.oldClasses) {
    const decision = input.decisions.get(old.id)!;
    if (!decision.nextClassName) continue;
    const cls = classFor(decision.nextClassName, decision.nextSection);
    movedInto.add(cls);
    if (cls.existingId) continue;
    const teacherId = decision.nextTeacherId === undefined ? byChoice(cls, old) : decision.nextTeacherId;
    if (!teacherId) continue;
    if (cls.teacherId && cls.teacherId !== teacherId) teacherConflict ??= cls.className;
    cls.teacherId = teacherId;
  }
  const leaving: Layout['leaving'] = [];
  for (const old of input.oldClasses) {
    const decision = input.decisions.get(old.id)!;
    for (const child of input.children.filter((c) => c.classId === old.id)) {
      const chosen = input.outcomes.get(child.id) ?? 'moves';
      const outcome = chosen === 'moves' && !decision.nextClassName ? 'leaves' : chosen;
      if (outcome === 'leaves') {
        leaving.push({ id: child.id, name: child.name, fromClassId: old.id });
        continue;
      }
      const cls = outcome === 'held_back' ? classFor(old.className, old.section) : classFor(decision.nextClassName!, decision.nextSection);
      cls.children.push({ id: child.id, name: child.name, rollNumber: 0, fromClassId: old.id, outcome });
    }
  }
  if (input.lowestClassName) openLowestClass(input.lowestClassName, input, byKey, classFor);
  for (const cls of byKey.values()) {
    // A class no class moves into (held back children's, the lowest class opened): the choice's teacher.
    if (!cls.existingId && !movedInto.has(cls)) cls.teacherId = byChoice(cls, null);
    const first = (cls.existingId ? input.highestRoll.get(cls.existingId) ?? 0 : 0) + 1;
    cls.children.forEach((child, i) => { child.rollNumber = first + i; });
  }
  const rank = (name: string) => { const at = input.classOrder.indexOf(name); return at < 0 ? input.classOrder.length : at; };
  const classes = [...byKey.values()].sort((a, b) => rank(a.className) - rank(b.className)
    || a.className.localeCompare(b.className) || a.section.toLowerCase().localeCompare(b.section.toLowerCase()));
  return { classes, leaving, teacherConflict };
}

/** The church's first class, made in the new year for new children: one for each section it had in the
 * ending year (none: one without a section), unless the new year has that class already (made by
 * hand, or by the plan); with no such class in the ending year, none when the new year has the name. */
function openLowestClass(
  name: string,
  input: { oldClasses: YearClassRow[]; existing: ExistingClass[] },
  byKey: Map<string, NewYearClass>,
  classFor: (className: string, section: string) => NewYearClass,
) {
  const sections = [...new Map(input.oldClasses.filter((c) => c.className === name).map((c) => [keyOf(name, c.section), c.section])).values()];
  if (!sections.length) {
    const hasName = input.existing.some((e) => e.className === name) || [...byKey.values()].some((c) => c.className === name);
    if (hasName) return;
    sections.push('');
  }
  for (const section of sections) {
    const key = keyOf(name, section);
    if (byKey.has(key) || input.existing.some((e) => keyOf(e.className, e.section) === key)) continue;
    classFor(name, section).opened = true;
  }
}
