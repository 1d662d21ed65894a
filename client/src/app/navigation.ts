import {
  IconCalendarCheck, IconChalkboard, IconChecklist, IconEye, IconHeartHandshake, IconHome, IconNotebook, IconPhoto,
  IconReportAnalytics, IconSchool, IconSettings, IconShieldLock, IconUserCog, IconUsers,
} from '@tabler/icons-react';
import { MarkAttendancePage, prefetchMarkAttendance } from '../features/attendance';
import { ConfigurationPage } from '../features/configuration';
import { DashboardHome, prefetchDashboard } from '../features/dashboard';
import { GalleryPage } from '../features/gallery';
import { RecordsPage } from '../features/records';
import { AttendanceReportsPage } from '../features/reports';
import type { NavItem } from '../features/shell';
import { StudentViewPage } from '../features/student-view';
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
export const NAV_ITEMS: readonly NavItem[] = [
  // Every role's home.
  { id: 'overview', label: 'dashboard.nav.overview', path: '/', icon: IconHome, ready: true, screen: DashboardHome, prefetch: prefetchDashboard },
  {
    id: 'classes', label: 'dashboard.nav.classes', path: '/classes', icon: IconSchool, capability: 'viewClasses', ready: true, screen: ClassesPage,
    shownWith: { capability: RUNS_THE_CHURCH, label: 'dashboard.nav.classManagement' },
  },
  {
    id: 'students', label: 'dashboard.nav.students', path: '/students', icon: IconUsers, capability: 'manageStudents', ready: true, screen: StudentsPage,
    shownWith: { capability: RUNS_THE_CHURCH, label: 'dashboard.nav.studentManagement', icon: IconChecklist },
  },
  // Whoever manages every user finds the teachers among them, in User Management.
  { id: 'teachers', label: 'dashboard.nav.teachers', path: '/teachers', icon: IconChalkboard, capability: 'manageTeachers', exceptWith: 'manageAllUsers', ready: true, screen: TeachersPage },
  { id: 'user-management', label: 'dashboard.nav.userManagement', path: '/users', icon: IconUserCog, capability: 'manageAllUsers', ready: true, screen: UsersPage },
  {
    id: 'mark-attendance', label: 'dashboard.nav.markAttendance', path: '/attendance', icon: IconCalendarCheck,
    capability: 'markAttendance', exceptWith: MANAGES_CLASSES, ready: true, screen: MarkAttendancePage, prefetch: prefetchMarkAttendance,
  },
  { id: 'attendance-reports', label: 'dashboard.nav.attendanceReports', path: '/reports', icon: IconReportAnalytics, capability: 'viewReports', ready: true, screen: AttendanceReportsPage },
  { id: 'follow-up', label: 'dashboard.nav.followUp', path: '/follow-up', icon: IconHeartHandshake, capability: 'followUp', ready: true, screen: FollowUpPage },
  { id: 'student-view', label: 'dashboard.nav.studentView', path: '/student-view', icon: IconEye, capability: 'viewReports', exceptWith: MANAGES_CLASSES, ready: true, screen: StudentViewPage },
  // A guest only looks; the managers also upload, download and delete.
  { id: 'gallery', label: 'dashboard.nav.gallery', path: '/gallery', icon: IconPhoto, capability: 'viewMedia', ready: true, screen: GalleryPage },
  { id: 'records', label: 'dashboard.nav.records', path: '/records', icon: IconNotebook, capability: 'manageRecords', ready: true, screen: RecordsPage },
  { id: 'configuration', label: 'dashboard.nav.configuration', path: '/configuration', icon: IconSettings, capability: 'configureAcademicYear', ready: true, screen: ConfigurationPage },
  // Who read children's sensitive data: the church's owner reads it, above those who read.
  { id: 'access-log', label: 'dashboard.nav.accessLog', path: '/access-log', icon: IconShieldLock, capability: 'viewAccessLog', ready: true, screen: AccessLogPage },
];
