import { isAcademicYear } from '../../../../common/school';
import { MONTH_OPTIONS } from '../../lib/months';

/** The gallery's filters and page as the address keeps them (?year=&month=&department=&page=). */
export interface GalleryFilters {
  academic_year?: string;
  month?: string;
  department?: string;
  page: number;
}

const MONTHS = new Set(MONTH_OPTIONS.map((m) => m.value));

/** The filters of the address; a value the server would refuse (a typed-in address) is ignored. */
export function readFilters(params: URLSearchParams): GalleryFilters {
  const year = params.get('year') ?? '';
  const month = params.get('month') ?? '';
  const department = (params.get('department') ?? '').trim();
  const page = Number(params.get('page'));
  return {
    academic_year: isAcademicYear(year) ? year : undefined,
    month: MONTHS.has(month) ? month : undefined,
    department: department || undefined,
    page: Number.isSafeInteger(page) && page > 1 ? page : 1,
  };
}

export const hasFilters = (filters: GalleryFilters) => Boolean(filters.academic_year || filters.month || filters.department);
