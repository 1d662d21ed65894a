import { Loader, Select, SimpleGrid, TextInput } from '@mantine/core';
import { IconSearch } from '@tabler/icons-react';
import { classLabel, type ClassItem } from '../../lib/class-label';
import { useT } from '../../lib/i18n';
import './messages';

export const ALL = 'all';

interface StudentFiltersProps {
  years: readonly string[];
  year: string;
  onYearChange: (year: string) => void;
  /** The classes of the chosen year (all classes when every year is shown). */
  classes: readonly ClassItem[];
  classId: string;
  onClassChange: (classId: string) => void;
  search: string;
  onSearchChange: (search: string) => void;
  /** A search is being answered. */
  searching: boolean;
}

/** The filters of the student list: academic year, class, search text. */
export function StudentFilters(props: StudentFiltersProps) {
  const { years, year, onYearChange, classes, classId, onClassChange, search, onSearchChange, searching } = props;
  const t = useT();
  const showYear = year === ALL;
  return (
    <SimpleGrid cols={{ base: 1, sm: 3 }} spacing="md" data-testid="student-filters">
      <Select
        label={t('students.academicYear')}
        data={[{ value: ALL, label: t('students.allYears') }, ...years.map((y) => ({ value: y, label: y }))]}
        value={year}
        onChange={(value) => onYearChange(value ?? ALL)}
        allowDeselect={false}
      />
      <Select
        label={t('students.class')}
        data={[
          { value: ALL, label: t('students.allClasses') },
          ...classes.map((c) => ({ value: c.id, label: showYear ? `${classLabel(c)} (${c.academic_year})` : classLabel(c) })),
        ]}
        value={classId}
        onChange={(value) => onClassChange(value ?? ALL)}
        allowDeselect={false}
      />
      <TextInput
        label={t('students.search')}
        type="search"
        placeholder={t('students.searchPlaceholder')}
        maxLength={100}
        leftSection={<IconSearch size={16} />}
        rightSection={searching ? <Loader size={14} /> : null}
        value={search}
        onChange={(event) => onSearchChange(event.currentTarget.value)}
      />
    </SimpleGrid>
  );
}
