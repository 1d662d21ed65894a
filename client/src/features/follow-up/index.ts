/** Absentee follow-up: the dashboard's card and the configuration's settings (threshold, class days), each fetched when first shown.
 * The screen itself is routed from its file (app/navigation.ts). */
import { lazyScreen } from '../../lib/lazy-screen';

export const FollowUpSummaryCard = lazyScreen(() => import('./FollowUpSummaryCard').then((m) => m.FollowUpSummaryCard));
export const FollowUpSettingCard = lazyScreen(() => import('./FollowUpSettingCard').then((m) => m.FollowUpSettingCard));
export const ClassDaysCard = lazyScreen(() => import('./ClassDaysCard').then((m) => m.ClassDaysCard));
