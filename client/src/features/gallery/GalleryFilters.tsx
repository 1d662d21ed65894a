import { Button, Select, SimpleGrid } from '@mantine/core';
import { IconFilterOff } from '@tabler/icons-react';
import { departmentLabel } from '../../../../common/media-limits';
import { FieldSkeleton } from '../../components/FieldSkeleton';
import { QueryErrorState } from '../../components/ErrorState';
import { trpc } from '../../lib/trpc';
import { CLASS_TEXT, useAcademicYears, yearOptions } from '../classes';
import { MONTH_OPTIONS } from '../../lib/months';
import { hasFilters, type GalleryFilters as Filters } from './address-filters';
import { GALLERY_TEXT } from './texts';

/** A filter changed (null: that filter cleared); a change starts again from the first page. */
type FilterChange = Partial<Record<'year' | 'month' | 'department', string | null>>;

/**
 * Academic year, month and department, each "all" when empty, and Clear Filters. Department is
 * offered to every role (the spec names it for the guest's view; a principal who files media by
 * department needs it as much).
 */
export function GalleryFilters({ filters, onChange }: { filters: Filters; onChange: (change: FilterChange) => void }) {
  const years = useAcademicYears();
  const departments = trpc.gallery.departments.useQuery(undefined, { staleTime: 5 * 60_000 });
  const departmentValues = [...(departments.data ?? [])];
  if (filters.department && !departmentValues.includes(filters.department)) departmentValues.push(filters.department);

  return (
    <>
      <SimpleGrid cols={{ base: 1, xs: 2, md: 4 }} spacing="md" data-testid="gallery-filters">
        {years.isPending ? <FieldSkeleton /> : (
          <Select
            label="Academic Year"
            placeholder={GALLERY_TEXT.allYears}
            data={yearOptions(years.data?.choices, filters.academic_year)}
            value={filters.academic_year ?? null}
            onChange={(value) => onChange({ year: value })}
            clearable
          />
        )}
        <Select
          label="Month"
          placeholder={GALLERY_TEXT.allMonths}
          data={MONTH_OPTIONS}
          value={filters.month ?? null}
          onChange={(value) => onChange({ month: value })}
          clearable
          maxDropdownHeight={320}
        />
        {departments.isPending ? <FieldSkeleton /> : (
          <Select
            label="Department"
            placeholder={GALLERY_TEXT.allDepartments}
            data={departmentValues.map((value) => ({ value, label: departmentLabel(value) }))}
            value={filters.department ?? null}
            onChange={(value) => onChange({ department: value })}
            clearable
          />
        )}
        <Button
          variant="default"
          leftSection={<IconFilterOff size={16} />}
          onClick={() => onChange({ year: null, month: null, department: null })}
          disabled={!hasFilters(filters)}
          style={{ alignSelf: 'end' }}
        >
          {GALLERY_TEXT.clearFilters}
        </Button>
      </SimpleGrid>
      {years.isError ? <QueryErrorState query={years} title={CLASS_TEXT.academicYearsLoadFailed} fallback={GALLERY_TEXT.unreachable} /> : null}
      {departments.isError ? <QueryErrorState query={departments} title={GALLERY_TEXT.departmentsLoadFailed} fallback={GALLERY_TEXT.unreachable} /> : null}
    </>
  );
}
