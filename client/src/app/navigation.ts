import { MarkAttendancePage, prefetchMarkAttendance } from '../features/attendance';
import { ConfigurationPage } from '../features/configuration';
import { DashboardHome, prefetchDashboard } from '../features/dashboard';
import { ExamsPage } from '../features/exams';
import { GalleryPage } from '../features/gallery';
import { RecordsPage } from '../features/records';
import { AttendanceReportsPage } from '../features/reports';
import type { NavItem } from '../features/shell';

/** An entry without its icons: ChurchFrame.tsx adds them, out of the first chunk (the sign-in page needs none). */
type NavEntry = Omit<NavItem, 'icon' | 'shownWith'> & { shownWith?: Omit<NonNullable<NavItem['shownWith']>, 'icon'> };
import { StudentViewPage } from '../features/student-view';
import { SubstitutesPage } from '../features/substitutes';
import { TeachersPage, UsersPage } from '../features/users';
import { lazyScreen } from '../lib/lazy-screen';
import type { Capability } from '../../../common/permissions';

// Screens of features whose index.ts also shares code with other screens are routed from their
// files: importing that index here would put the shared code in the first chunk.
const ClassesPage = lazyScreen(() => import('../features/classes/ClassesPage').then((m) => m.ClassesPage));
const StudentsPage = lazyScreen(() => import('../features/students/StudentsPage').then((m) => m.StudentsPage));
// Follow-up's index.ts also carries the dashboard's card and the configuration's setting: their
// wrappers stay out of the first chunk.
const FollowUpPage = lazyScreen(() => import('../features/follow-up/FollowUpPage').then((m) => m.FollowUpPage));
// Privacy's index.ts carries the safety card's erase button and the configuration's cards.
const AccessLogPage = lazyScreen(() => import('../features/privacy/AccessLogPage').then((m) => m.AccessLogPage));

/** Whoever manages every user runs the whole church (the super admin): their sidebar names the
 * lists they run as management (Class Management, Student Management). */
const RUNS_THE_CHURCH: Capability = 'manageAllUsers';
/** Whoever manages classes (a principal, a super admin) works from Classes, Students and the reports:
 * the roll call and the student view are a teacher's screens. */
const MANAGES_CLASSES: Capability = 'manageClasses';

/**
 * The one list of dashboard entries, in the sidebar's order; each entry is shown to, and its screen
 * opened by, the holders of its capability in the permission table (common/permissions.ts). An entry
 * whose screen is not built yet stays `ready: false` and is neither shown nor routed. One entry per
 * path.
 */
const ENTRIES = [
  // Every role's home.
  { id: 'overview', label: 'dashboard.nav.overview', path: '/', ready: true, screen: DashboardHome, prefetch: prefetchDashboard },
  {
    id: 'classes', label: 'dashboard.nav.classes', path: '/classes', capability: 'viewClasses', ready: true, screen: ClassesPage,
    shownWith: { capability: RUNS_THE_CHURCH, label: 'dashboard.nav.classManagement' },
  },
  {
    id: 'students', label: 'dashboard.nav.students', path: '/students', capability: 'manageStudents', ready: true, screen: StudentsPage,
    shownWith: { capability: RUNS_THE_CHURCH, label: 'dashboard.nav.studentManagement' },
  },
  // Whoever manages every user finds the teachers among them, in User Management.
  { id: 'teachers', label: 'dashboard.nav.teachers', path: '/teachers', capability: 'manageTeachers', exceptWith: 'manageAllUsers', ready: true, screen: TeachersPage },
  { id: 'user-management', label: 'dashboard.nav.userManagement', path: '/users', capability: 'manageAllUsers', ready: true, screen: UsersPage },
  {
    id: 'mark-attendance', label: 'dashboard.nav.markAttendance', path: '/attendance',
    capability: 'markAttendance', exceptWith: MANAGES_CLASSES, ready: true, screen: MarkAttendancePage, prefetch: prefetchMarkAttendance,
  },
  { id: 'attendance-reports', label: 'dashboard.nav.attendanceReports', path: '/reports', capability: 'viewReports', ready: true, screen: AttendanceReportsPage },
  { id: 'follow-up', label: 'dashboard.nav.followUp', path: '/follow-up', capability: 'followUp', ready: true, screen: FollowUpPage },
  // Principals and super admins set exams up and publish results; teachers enter their classes' marks.
  { id: 'exams', label: 'dashboard.nav.exams', path: '/exams', capability: 'viewExams', ready: true, screen: ExamsPage },
  { id: 'substitutes', label: 'dashboard.nav.substitutes', path: '/substitutes', capability: 'viewRota', ready: true, screen: SubstitutesPage },
  { id: 'student-view', label: 'dashboard.nav.studentView', path: '/student-view', capability: 'viewReports', exceptWith: MANAGES_CLASSES, ready: true, screen: StudentViewPage },
  // A guest only looks; the managers also upload, download and delete.
  { id: 'gallery', label: 'dashboard.nav.gallery', path: '/gallery', capability: 'viewMedia', ready: true, screen: GalleryPage },
  { id: 'records', label: 'dashboard.nav.records', path: '/records', capability: 'manageRecords', ready: true, screen: RecordsPage },
  { id: 'configuration', label: 'dashboard.nav.configuration', path: '/configuration', capability: 'configureAcademicYear', ready: true, screen: ConfigurationPage },
  // Who read children's sensitive data: the church's owner reads it, above those who read.
  { id: 'access-log', label: 'dashboard.nav.accessLog', path: '/access-log', capability: 'viewAccessLog', ready: true, screen: AccessLogPage },
] as const satisfies readonly NavEntry[];

/** The id of an entry of the list. */
export type NavId = (typeof ENTRIES)[number]['id'];
export const NAV_ITEMS: readonly (NavEntry & { id: NavId })[] = ENTRIES;
