import { Button, Select, SimpleGrid } from '@mantine/core';
import { IconFilterOff } from '@tabler/icons-react';
import { departmentLabel } from '../../../../common/media-limits';
import { FieldSkeleton } from '../../components/FieldSkeleton';
import { QueryErrorState } from '../../components/ErrorState';
import { trpc } from '../../lib/trpc';
import { useLanguage, useT } from '../../lib/i18n';
import { monthOptionsIn } from '../../lib/months';
import { useAcademicYears, yearOptions } from '../classes';
import { hasFilters, type GalleryFilters as Filters } from './address-filters';
import './messages';

/** A filter changed (null: that filter cleared); a change starts again from the first page. */
type FilterChange = Partial<Record<'year' | 'month' | 'department', string | null>>;

/**
 * Academic year, month and department, each "all" when empty, and Clear Filters. Department is
 * offered to every role (the spec names it for the guest's view; a principal who files media by
 * department needs it as much).
 */
export function GalleryFilters({ filters, onChange }: { filters: Filters; onChange: (change: FilterChange) => void }) {
  const t = useT();
  const language = useLanguage();
  const years = useAcademicYears();
  const departments = trpc.gallery.departments.useQuery(undefined, { staleTime: 5 * 60_000 });
  const departmentValues = [...(departments.data ?? [])];
  if (filters.department && !departmentValues.includes(filters.department)) departmentValues.push(filters.department);

  return (
    <>
      <SimpleGrid cols={{ base: 1, xs: 2, md: 4 }} spacing="md" data-testid="gallery-filters">
        {years.isPending ? <FieldSkeleton /> : (
          <Select
            label={t('gallery.academicYear')}
            placeholder={t('gallery.allYears')}
            data={yearOptions(years.data?.choices, filters.academic_year)}
            value={filters.academic_year ?? null}
            onChange={(value) => onChange({ year: value })}
            clearable
          />
        )}
        <Select
          label={t('gallery.month')}
          placeholder={t('gallery.allMonths')}
          data={monthOptionsIn(language)}
          value={filters.month ?? null}
          onChange={(value) => onChange({ month: value })}
          clearable
          maxDropdownHeight={320}
        />
        {departments.isPending ? <FieldSkeleton /> : (
          <Select
            label={t('gallery.department')}
            placeholder={t('gallery.allDepartments')}
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
          {t('gallery.clearFilters')}
        </Button>
      </SimpleGrid>
      {years.isError ? <QueryErrorState query={years} title={t('gallery.academicYearsLoadFailed')} fallback={t('gallery.unreachable')} /> : null}
      {departments.isError ? <QueryErrorState query={departments} title={t('gallery.departmentsLoadFailed')} fallback={t('gallery.unreachable')} /> : null}
    </>
  );
}
