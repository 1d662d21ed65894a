import { Navigate, Outlet, Route, Routes } from 'react-router-dom';
import { GOOGLE_CALLBACK_PATH } from '../../../common/constants';
import { ScreenBoundary } from '../components/ScreenBoundary';
import { FullPageLoader } from '../components/FullPageLoader';
import { UpdatePrompt } from '../components/UpdatePrompt';
import { AdminConsole, AdminLoginPage } from '../features/admin';
import { LoginPage, ResetPasswordPage, type SessionData } from '../features/auth';
import { CertificateCheckPage, ExamResultsPage } from '../features/exams';
import { GoogleCallbackPage } from '../features/google-callback';
import { PaymentPage, PAYMENT_PATH } from '../features/payments';
import { ConsentPage } from '../features/consent';
import { ExamMarksPage } from '../features/exam-marks';
import { DashboardLayout } from '../features/shell';
import {
  AssociationDashboardPage, AssociationFrame, CircularPage, CircularsPage, MembersPage, SectionsPage,
} from '../features/association';
import { AssociationTotals } from '../features/association-totals';
import { ASSOCIATION_PATH } from '../lib/association-path';
import { useT } from '../lib/i18n';
import { EnglishOnly } from '../lib/i18n/EnglishOnly';
import { lazyScreen } from '../lib/lazy-screen';
import type { AppQueryUtils } from './AppProviders';
import { RequireAccess, RequireAssociationSession, RequireSession, RequireSignedOut, RequireValidSubscription } from './guards';
import { NAV_ITEMS } from './navigation';

// Routed from their files, as in navigation.ts: these features' index.ts also shares code.
const SubscriptionPage = lazyScreen(() => import('../features/subscription/SubscriptionPage').then((m) => m.SubscriptionPage));
const RegisterChurchPage = lazyScreen(() => import('../features/registration/RegisterChurchPage').then((m) => m.RegisterChurchPage));
// A child's safety card and its editing screen (they route the rest of the address themselves).
// A church's privacy notice for parents: open to anyone, outside the church's frame.
const PublicNoticePage = lazyScreen(() => import('../features/privacy-notice/PublicNoticePage').then((m) => m.PublicNoticePage));
const SafetyCardPage = lazyScreen(() => import('../features/safety-card/SafetyCardPage').then((m) => m.SafetyCardPage));
// The dashboard's frame with its sidebar's icons, which the sign-in page does not need.
const ChurchFrame = lazyScreen(() => import('./ChurchFrame').then((m) => m.ChurchFrame));

/** Screens reachable from the sidebar, each opened by whoever sees its entry. */
const SCREEN_ROUTES = NAV_ITEMS.flatMap((item) => (item.ready && item.screen ? [{ ...item, screen: item.screen }] : []));

/**
 * A returning user (a stored session) needs the dashboard frame, the screen at the address and the
 * screen's data: all are asked for at once while the session is verified, not one after the other.
 * A failed fetch is ignored here; the screen's own load tries again and shows the error.
 */
export function preloadSignedInScreen(address: Pick<Location, 'pathname' | 'search'>, utils: AppQueryUtils, session: Promise<SessionData>) {
  const route = SCREEN_ROUTES.find(({ path }) => path === address.pathname);
  route?.prefetch?.({ utils, params: new URLSearchParams(address.search), session });
  for (const chunk of [ChurchFrame, DashboardLayout, route?.screen]) chunk?.preload().catch(() => undefined);
}

/** The app's routes: the signed-out pages, the church's dashboard and the association's area behind their guards, and the console's. */
export function AppRoutes() {
  const t = useT();
  return (
    <ScreenBoundary fallback={<FullPageLoader label={t('common.loading')} />}>
      <Routes>
        {/* Each area's pages with the offer of a new version of the app, in the area's language. */}
        <Route element={<><Outlet /><UpdatePrompt /></>}>
          <Route element={<RequireSignedOut />}>
            <Route path="/login" element={<LoginPage />} />
          </Route>
          {/* Open to anyone: a new church registers and pays before anyone of it can sign in. */}
          <Route path="/register" element={<RegisterChurchPage />} />
          <Route path={PAYMENT_PATH} element={<PaymentPage />} />
          {/* The mailed reset link: open to anyone, the token in the path is the only credential. */}
          <Route path="/reset-password/:token" element={<ResetPasswordPage />} />
          {/* The privacy notice a consent form points parents to: open to anyone. */}
          <Route path="/privacy/:code" element={<PublicNoticePage />} />
          {/* A certificate's check (its QR code): open to anyone. */}
          <Route path="/verify/:code" element={<CertificateCheckPage />} />
          {/* A guardian's consent link: open to anyone, the token in the path is the only key. */}
          <Route path="/consent/:token" element={<ConsentPage />} />
          {/* Where Google sends the browser back, for a sign-in or a registration. */}
          <Route path={GOOGLE_CALLBACK_PATH} element={<GoogleCallbackPage />} />
          <Route element={<RequireSession />}>
            <Route path="/subscription" element={<SubscriptionPage />} />
            <Route element={<RequireValidSubscription />}>
              <Route element={<ChurchFrame />}>
                {SCREEN_ROUTES.map(({ path, capability, exceptWith, screen: Screen }) => (
                  <Route key={path} path={path} element={<RequireAccess access={{ capability, exceptWith }}><Screen /></RequireAccess>} />
                ))}
                {/* A child's safety card, opened from the roll call and the student list (not a sidebar entry). */}
                <Route path="/students/:id/card/*" element={<RequireAccess access={{ capability: 'viewSafetyCards' }}><SafetyCardPage /></RequireAccess>} />
                {/* A class's mark list of an exam, opened from the exams screen (not a sidebar entry). */}
                <Route path="/exams/:examId/classes/:classId/marks" element={<RequireAccess access={{ capability: 'enterMarks' }}><ExamMarksPage /></RequireAccess>} />
                {/* A class's result sheet of an exam, opened from the Exams screen. */}
                <Route path="/exams/:examId/classes/:classId/results" element={<RequireAccess access={{ capability: 'viewExams' }}><ExamResultsPage /></RequireAccess>} />
              </Route>
            </Route>
          </Route>
          {/* An association's officers: their own session and frame; a church user's session goes home. */}
          <Route element={<RequireAssociationSession />}>
            <Route element={<AssociationFrame />}>
              {/* The dashboard's `totals` prop: the member churches' totals and trend. */}
              <Route path={ASSOCIATION_PATH} element={<AssociationDashboardPage totals={<AssociationTotals />} />} />
              <Route path={`${ASSOCIATION_PATH}/members`} element={<MembersPage />} />
              <Route path={`${ASSOCIATION_PATH}/sections`} element={<SectionsPage />} />
              <Route path={`${ASSOCIATION_PATH}/circulars`} element={<CircularsPage />} />
              <Route path={`${ASSOCIATION_PATH}/circulars/:id`} element={<CircularPage />} />
              <Route path={`${ASSOCIATION_PATH}/*`} element={<Navigate to={ASSOCIATION_PATH} replace />} />
            </Route>
          </Route>
          <Route path="*" element={<Navigate to="/" replace />} />
        </Route>
        {/* The admin area, English-only: its guard is in the console's chunk; any other /admin path goes to its sign-in. */}
        <Route element={<EnglishOnly><Outlet /><UpdatePrompt /></EnglishOnly>}>
          <Route path="/admin-login" element={<AdminLoginPage />} />
          <Route path="/admin/dashboard/*" element={<AdminConsole />} />
          <Route path="/admin/*" element={<Navigate to="/admin-login" replace />} />
        </Route>
      </Routes>
    </ScreenBoundary>
  );
}
