import {
  IconCalendarCheck, IconCertificate, IconChalkboard, IconChecklist, IconEye, IconHeartHandshake, IconHome, IconNotebook, IconPhoto,
  IconReportAnalytics, IconSchool, IconSettings, IconShieldLock, IconUserCog, IconUserShare, IconUsers,
} from '@tabler/icons-react';
import { DashboardLayout, type NavItem } from '../features/shell';
import { NAV_ITEMS, type NavId } from './navigation';

type NavIcon = NavItem['icon'];

/** Each sidebar entry's icon, and the icon it shows with to the holders of its `shownWith` capability. */
const NAV_ICONS: Record<NavId, { icon: NavIcon; shownWith?: NavIcon }> = {
  overview: { icon: IconHome },
  classes: { icon: IconSchool },
  students: { icon: IconUsers, shownWith: IconChecklist },
  teachers: { icon: IconChalkboard },
  'user-management': { icon: IconUserCog },
  'mark-attendance': { icon: IconCalendarCheck },
  'attendance-reports': { icon: IconReportAnalytics },
  'follow-up': { icon: IconHeartHandshake },
  exams: { icon: IconCertificate },
  substitutes: { icon: IconUserShare },
  'student-view': { icon: IconEye },
  gallery: { icon: IconPhoto },
  records: { icon: IconNotebook },
  configuration: { icon: IconSettings },
  'access-log': { icon: IconShieldLock },
};

const ITEMS: readonly NavItem[] = NAV_ITEMS.map(({ shownWith, ...item }): NavItem => {
  const icons = NAV_ICONS[item.id];
  return { ...item, icon: icons.icon, ...(shownWith ? { shownWith: { ...shownWith, icon: icons.shownWith } } : {}) };
});

/** The church's dashboard frame with the sidebar's entries and their icons (fetched with the first signed-in screen). */
export function ChurchFrame() {
  return <DashboardLayout items={ITEMS} />;
}
