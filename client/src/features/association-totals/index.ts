/**
 * What an association's officers see of their member churches (issue 45): a month's figures per
 * church, section and the association (association.totals) with its CSV, and the academic year's
 * attendance trend (association.trend). Figures the database withholds (about fewer than 5 children)
 * are said so, never shown as a number. Composed into the association's dashboard (its `totals`
 * prop) in app/AppRoutes.tsx; fetched with the dashboard, its chart later still.
 */
import { lazyScreen } from '../../lib/lazy-screen';

export const AssociationTotals = lazyScreen(() => import('./AssociationTotals').then((m) => m.AssociationTotals));
