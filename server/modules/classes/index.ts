// The classes module's surface: who may reach a class (the one rule, in TypeScript and in SQL), the
// class list, the class row lock a student write takes, and the school order of class names.
export {
  classAccessibleTo, classNotFound, findAccessibleClass, seesAllClasses, visibleClassesWhere, type ClassRow,
} from './access.js';
export { availableTeachers, churchClassNames, classesWithIds, listClasses } from './service.js';
export { classNameOrder, lockClass } from './queries.js';
