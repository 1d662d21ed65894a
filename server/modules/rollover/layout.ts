import type { RolloverOutcome } from '../../../common/schemas/rollover.js';
import type { YearChildRow, YearClassRow } from './queries.js';

/** What the user decided for one class of the ending year (the suggestion where they said nothing). */
export interface ClassDecision {
  nextClassName: string | null;
  nextSection: string;
  nextTeacherId: string | null;
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
}
export interface Layout {
  classes: NewYearClass[];
  leaving: Array<{ id: string; name: string; fromClassId: string }>;
  /** Two classes moving into one class of the new year named different teachers: its name. */
  teacherConflict?: string;
}

/** Classes of one year are told apart by name and section, the section without case. */
const keyOf = (className: string, section: string) => `${className}\n${section.trim().toLowerCase()}`;

/**
 * The new year as the plan makes it: each child of the ending year moves to their class's next class,
 * stays in their class's grade (held back) or leaves; a class that leaves (no next class) takes its
 * children out unless held back. Children of one new class are in the order of their old classes (school
 * order) and then of their old roll numbers, numbered after the highest number the class gave (from 1
 * for a class the rollover makes). A held-back child's class is the one of the new year with their old
 * class's name and section: made without a teacher when no class moves into it.
 */
export function layOutNewYear(input: {
  oldClasses: YearClassRow[];
  decisions: Map<string, ClassDecision>;
  children: YearChildRow[];
  outcomes: Map<string, RolloverOutcome>;
  existing: ExistingClass[];
  highestRoll: Map<string, number>;
}): Layout {
  const byKey = new Map<string, NewYearClass>();
  const classFor = (className: string, section: string) => {
    const key = keyOf(className, section);
    let cls = byKey.get(key);
    if (!cls) {
      const found = input.existing.find((e) => keyOf(e.className, e.section) === key);
      cls = found
        ? { existingId: found.id, className: found.className, section: found.section, teacherId: found.teacherId, children: [] }
        : { className, section: section.trim(), teacherId: null, children: [] };
      byKey.set(key, cls);
    }
    return cls;
  };
  // The classes the plan moves into, in the old classes' order. A class the rollover makes takes the
  // teacher its moving classes name (one at most); an existing class keeps its own.
  let teacherConflict: string | undefined;
  for (const old of input.oldClasses) {
    const decision = input.decisions.get(old.id)!;
    if (!decision.nextClassName) continue;
    const cls = classFor(decision.nextClassName, decision.nextSection);
    if (cls.existingId || !decision.nextTeacherId) continue;
    if (cls.teacherId && cls.teacherId !== decision.nextTeacherId) teacherConflict ??= cls.className;
    cls.teacherId = decision.nextTeacherId;
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
  for (const cls of byKey.values()) {
    const first = (cls.existingId ? input.highestRoll.get(cls.existingId) ?? 0 : 0) + 1;
    cls.children.forEach((child, i) => { child.rollNumber = first + i; });
  }
  return { classes: [...byKey.values()], leaving, teacherConflict };
}
