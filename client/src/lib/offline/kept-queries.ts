import type { RouterInputs, RouterOutputs } from '../api-types';

type QueryPath = { [D in keyof RouterInputs]: `${D & string}.${keyof RouterInputs[D] & string}` }[keyof RouterInputs];

/**
 * The queries whose answers this device keeps, to answer them when the network fails: what a
 * teacher's screens need to render. The session check, the dashboard's plan usage, the teacher's
 * classes (Mark Attendance, Classes, Student View) and those they stand in for today, a class's students
 * and its stored marks of a date, and an exam's mark list of a class.
 */
export const KEPT_QUERIES = [
  'auth.verify', 'subscription.usage', 'classes.myClasses', 'substitutes.today', 'students.byClass', 'attendance.byDate',
  'exams.marks',
] as const satisfies readonly QueryPath[];

export const SESSION_CHECK = 'auth.verify' satisfies QueryPath;
export type SessionAnswer = RouterOutputs['auth']['verify'];
