import { useMemo } from 'react';
import { MultiSelect } from '@mantine/core';
import { MEDIA_MAX_TAGGED_CHILDREN } from '../../../../common/media-limits';
import { FieldSkeleton } from '../../components/FieldSkeleton';
import { QueryErrorState } from '../../components/ErrorState';
import { useT } from '../../lib/i18n';
import { trpc } from '../../lib/trpc';
import './messages';

interface ChildrenPickerProps {
  value: string[];
  onChange: (ids: string[]) => void;
  disabled?: boolean;
}

/**
 * The children shown in a medium: a searchable list of the church's students by name (with their
 * class, to tell two children of one name apart). Guests see a tagged item only once every child
 * tagged has photo consent, which the field's hint says.
 */
export function ChildrenPicker({ value, onChange, disabled }: ChildrenPickerProps) {
  const t = useT();
  const students = trpc.students.list.useQuery({ sort: 'name' }, { staleTime: 60_000 });
  const data = useMemo(() => (students.data ?? []).map((s) => ({
    value: s.id, label: `${s.name} · ${s.class_name}${s.class_section ? ` ${s.class_section}` : ''} (${s.academic_year})`,
  })), [students.data]);
  if (students.isPending) return <FieldSkeleton />;
  if (students.isError) return <QueryErrorState query={students} title={t('gallery.childrenLoadFailed')} fallback={t('gallery.unreachable')} />;
  return (
    <MultiSelect
      label={t('gallery.childrenLabel')}
      description={t('gallery.childrenHint')}
      placeholder={value.length ? undefined : t('gallery.childrenSearch')}
      data={data}
      value={value}
      onChange={onChange}
      searchable
      clearable
      hidePickedOptions
      maxValues={MEDIA_MAX_TAGGED_CHILDREN}
      nothingFoundMessage={t('gallery.noChildrenFound')}
      maxDropdownHeight={240}
      disabled={disabled}
      data-testid="children-picker"
    />
  );
}
