import { RequireOfficerCapability } from './shared';
import { MembersPage } from './MembersPage';
import { SectionsPage } from './SectionsPage';
import { CircularsPage } from './CircularsPage';
import { CircularPage } from './CircularPage';

// The area's screens behind the dashboard, each opened by the officers who may see the members
// (the server refuses the others all the same).
export const MembersScreen = () => <RequireOfficerCapability capability="viewMembers"><MembersPage /></RequireOfficerCapability>;
export const SectionsScreen = () => <RequireOfficerCapability capability="viewMembers"><SectionsPage /></RequireOfficerCapability>;
export const CircularsScreen = () => <RequireOfficerCapability capability="viewMembers"><CircularsPage /></RequireOfficerCapability>;
export const CircularScreen = () => <RequireOfficerCapability capability="viewMembers"><CircularPage /></RequireOfficerCapability>;
