import type { ComponentType } from 'react';
import { Navigate, Route, Routes } from 'react-router-dom';
import type { ChurchRole } from '../../../common/constants';
import { LoginPage } from '../features/auth/LoginPage';
import { DashboardLayout } from '../features/shell/DashboardLayout';
import { SubscriptionPage } from '../features/subscription/SubscriptionPage';
import { RequireRole, RequireSession, RequireSignedOut, RequireValidSubscription } from './guards';
import { NAV_ITEMS } from './navigation';

/** Screens reachable from the sidebar. Entries of several roles may share a path (and its screen):
 * it is routed once, for the union of their roles. */
function routedScreens() {
  const byPath = new Map<string, { path: string; roles: ChurchRole[]; screen: ComponentType }>();
  for (const item of NAV_ITEMS) {
    if (!item.ready || !item.screen) continue;
    const route = byPath.get(item.path) ?? { path: item.path, roles: [], screen: item.screen };
    route.roles.push(...item.roles.filter((role) => !route.roles.includes(role)));
    byPath.set(item.path, route);
  }
  return [...byPath.values()];
}
const SCREEN_ROUTES = routedScreens();

/** The user-area routes of 02 section 2.1. */
export function AppRoutes() {
  return (
    <Routes>
      <Route element={<RequireSignedOut />}>
        <Route path="/login" element={<LoginPage />} />
      </Route>
      <Route element={<RequireSession />}>
        <Route path="/subscription" element={<SubscriptionPage />} />
        <Route element={<RequireValidSubscription />}>
          <Route element={<DashboardLayout items={NAV_ITEMS} />}>
            {SCREEN_ROUTES.map(({ path, roles, screen: Screen }) => (
              <Route key={path} path={path} element={<RequireRole roles={roles}><Screen /></RequireRole>} />
            ))}
          </Route>
        </Route>
      </Route>
      <Route path="*" element={<Navigate to="/" replace />} />
    </Routes>
  );
}
