import { router, tenantProcedure } from '../../trpc/init.js';
import { academicYearSettings } from './service.js';

export const academicYearRouter = router({
  /** start_month, years_ahead, years_back (stored or the default), current and choices. Any church role. */
  config: tenantProcedure.query(({ ctx }) => academicYearSettings(ctx)),

  /** GET /api/gallery/academic-years: the years offered in pickers. */
  years: tenantProcedure.query(async ({ ctx }) => (await academicYearSettings(ctx)).choices),
});
