import { restRoute } from '../../rest/route-table.js';

const route = restRoute('academic-year');

export const academicYearRestRoutes = [
  route({ method: 'GET', path: '/api/gallery/academic-year/config', procedure: 'academicYear.config',
    summary: 'Academic year configuration (start_month, years_ahead, years_back; the default when none is stored), '
      + 'the current academic year in the church\'s time zone and the choices offered' }),
  route({ method: 'GET', path: '/api/gallery/academic-years', procedure: 'academicYear.years',
    summary: 'The academic years offered in pickers (years_back before the current one to years_ahead after)' }),
];
