/**
 * The association officers' area (issue 45): its session (kept apart from a church user's: checked
 * with association.session), the frame and its screens, each fetched when first opened. The routes
 * are composed in app/AppRoutes.tsx behind app/guards.tsx's RequireAssociationSession. The dashboard
 * takes the members' totals and trend as its `totals` prop (built apart).
 */
import { lazyScreen } from '../../lib/lazy-screen';

export {
  OfficerSessionContext, useAssociationSession, useOfficerLanguage, type AssociationSession, type SignedInOfficer,
} from './useAssociationSession';

export const AssociationFrame = lazyScreen(() => import('./AssociationFrame').then((m) => m.AssociationFrame));
export const AssociationDashboardPage = lazyScreen(() => import('./AssociationDashboardPage').then((m) => m.AssociationDashboardPage));
export const MembersPage = lazyScreen(() => import('./screens').then((m) => m.MembersScreen));
export const SectionsPage = lazyScreen(() => import('./screens').then((m) => m.SectionsScreen));
export const CircularsPage = lazyScreen(() => import('./screens').then((m) => m.CircularsScreen));
export const CircularPage = lazyScreen(() => import('./screens').then((m) => m.CircularScreen));
