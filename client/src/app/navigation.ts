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

// Screens of features whose index.ts also shares code with other screens are routed from their
// files: importing that index here would put the shared code in the first chunk.
const ClassesPage = lazyScreen(() => import('../features/classes/ClassesPage').then((m) => m.ClassesPage));
const StudentsPage = lazyScreen(() => import('../features/students/StudentsPage').then((m) => m.StudentsPage));
// Follow-up's index.ts also carries the dashboard's card and the configuration's setting: their
// wrappers stay out of the first chunk.
const FollowUpPage = lazyScreen(() => import('../features/follow-up/FollowUpPage').then((m) => m.FollowUpPage));
// Privacy's index.ts carries the safety card's erase button and the configuration's cards.
const AccessLogPage = lazyScreen(() => import('../features/privacy/AccessLogPage').then((m) => m.AccessLogPage));

const ALL = ['super_admin', 'principal', 'teacher', 'guest'] as const;

/**
 * The one list of dashboard entries per role, in each role's order. An entry whose screen is not
 * built yet stays `ready: false` and is neither shown nor routed.
 */
export const NAV_ITEMS: readonly NavItem[] = [
  { id: 'overview', label: 'dashboard.nav.overview', path: '/', icon: IconHome, roles: ALL, ready: true, screen: DashboardHome, prefetch: prefetchDashboard },

  // teacher
  { id: 'classes', label: 'dashboard.nav.classes', path: '/classes', icon: IconSchool, roles: ['teacher', 'principal'], ready: true, screen: ClassesPage },
  { id: 'students', label: 'dashboard.nav.students', path: '/students', icon: IconUsers, roles: ['teacher', 'principal'], ready: true, screen: StudentsPage },
  // principal only: the principal's order is Classes, Students, Teachers, Attendance Reports
  { id: 'teachers', label: 'dashboard.nav.teachers', path: '/teachers', icon: IconChalkboard, roles: ['principal'], ready: true, screen: TeachersPage },
  { id: 'mark-attendance', label: 'dashboard.nav.markAttendance', path: '/attendance', icon: IconCalendarCheck, roles: ['teacher'], ready: true, screen: MarkAttendancePage, prefetch: prefetchMarkAttendance },
  { id: 'attendance-reports', label: 'dashboard.nav.attendanceReports', path: '/reports', icon: IconReportAnalytics, roles: ['teacher', 'principal'], ready: true, screen: AttendanceReportsPage },
  { id: 'follow-up', label: 'dashboard.nav.followUp', path: '/follow-up', icon: IconHeartHandshake, roles: ['teacher', 'principal'], ready: true, screen: FollowUpPage },
  { id: 'student-view', label: 'dashboard.nav.studentView', path: '/student-view', icon: IconEye, roles: ['teacher'], ready: true, screen: StudentViewPage },

  // principal
  { id: 'gallery', label: 'dashboard.nav.gallery', path: '/gallery', icon: IconPhoto, roles: ['principal'], ready: true, screen: GalleryPage },
  { id: 'records', label: 'dashboard.nav.records', path: '/records', icon: IconNotebook, roles: ['principal'], ready: true, screen: RecordsPage },
  { id: 'configuration', label: 'dashboard.nav.configuration', path: '/configuration', icon: IconSettings, roles: ['principal'], ready: true, screen: ConfigurationPage },

  // super_admin
  { id: 'class-management', label: 'dashboard.nav.classManagement', path: '/classes', icon: IconSchool, roles: ['super_admin'], ready: true, screen: ClassesPage },
  { id: 'student-management', label: 'dashboard.nav.studentManagement', path: '/students', icon: IconChecklist, roles: ['super_admin'], ready: true, screen: StudentsPage },
  { id: 'user-management', label: 'dashboard.nav.userManagement', path: '/users', icon: IconUserCog, roles: ['super_admin'], ready: true, screen: UsersPage },
  { id: 'attendance-reports-admin', label: 'dashboard.nav.attendanceReports', path: '/reports', icon: IconReportAnalytics, roles: ['super_admin'], ready: true, screen: AttendanceReportsPage },
  { id: 'follow-up-admin', label: 'dashboard.nav.followUp', path: '/follow-up', icon: IconHeartHandshake, roles: ['super_admin'], ready: true, screen: FollowUpPage },
  // The gallery is a super admin's as much as a principal's: upload, download, delete.
  { id: 'gallery-admin', label: 'dashboard.nav.gallery', path: '/gallery', icon: IconPhoto, roles: ['super_admin'], ready: true, screen: GalleryPage },
  // A super admin may do all a principal does (keep the session records, edit the academic year
  // configuration), so the principal's two screens are offered after the super admin's own entries.
  { id: 'records-admin', label: 'dashboard.nav.records', path: '/records', icon: IconNotebook, roles: ['super_admin'], ready: true, screen: RecordsPage },
  { id: 'configuration-admin', label: 'dashboard.nav.configuration', path: '/configuration', icon: IconSettings, roles: ['super_admin'], ready: true, screen: ConfigurationPage },
  // Who read children's sensitive data: the church's owner reads it, above those who read.
  { id: 'access-log', label: 'dashboard.nav.accessLog', path: '/access-log', icon: IconShieldLock, roles: ['super_admin'], ready: true, screen: AccessLogPage },

  // guest: the gallery, read-only.
  { id: 'gallery-guest', label: 'dashboard.nav.gallery', path: '/gallery', icon: IconPhoto, roles: ['guest'], ready: true, screen: GalleryPage },
];
