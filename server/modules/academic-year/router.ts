import { academicYearConfigInput } from '../../../common/schemas/academic-year.js';
import { capabilityProcedure, router, tenantProcedure } from '../../trpc/init.js';
import { rest } from '../../rest/meta.js';
import { academicYearSettings, updateAcademicYearConfig } from './service.js';

export const academicYearRouter = router({
  /** start_month, years_ahead, years_back (stored or the default), current and choices. Any church role. */
  config: tenantProcedure
    .meta(rest('GET', '/api/gallery/academic-year/config', 'Academic year configuration (start_month, years_ahead, years_back; the default when none is stored), '
      + 'the current academic year in the church\'s time zone and the choices offered'))
    .query(({ ctx }) => academicYearSettings(ctx)),

  years: tenantProcedure
    .meta(rest('GET', '/api/gallery/academic-years', 'The academic years offered in pickers (years_back before the current one to years_ahead after)'))
    .query(async ({ ctx }) => (await academicYearSettings(ctx)).choices),

  /** Audited in the same transaction. */
  updateConfig: capabilityProcedure('configureAcademicYear')
    .meta(rest('PUT', '/api/gallery/academic-year/config', 'Set the academic year configuration: start_month (1-12), years_ahead and '
      + 'years_back (1-10 each) (super_admin, principal); answers the settings as GET does'))
    .input(academicYearConfigInput).mutation(({ ctx, input }) => updateAcademicYearConfig(ctx, input)),
});
