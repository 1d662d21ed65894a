import type { CSSProperties } from 'react';
import { Group } from '@mantine/core';
import { trpc } from '../../../lib/trpc';
import { ConsoleSelect } from './ConsoleSelect';
import { ADMIN_TEXTS } from './texts';

/** Church filters list at most this many churches. */
const CHURCH_FILTER_LIMIT = 100;

interface ChurchFilterSelectProps {
  /** The chosen church's id, or '' for all churches. */
  value: string;
  onChange: (churchId: string) => void;
  style?: CSSProperties;
}

/**
 * The church filter of User Management and Media Library: 'All Churches'
 * and each church as 'name (code)'. Until the churches arrive only 'All Churches' is offered.
 */
function ChurchFilterSelect({ value, onChange, style }: ChurchFilterSelectProps) {
  const churches = trpc.admin.churches.list.useQuery({ limit: CHURCH_FILTER_LIMIT }, { staleTime: 60_000 });
  const options = [
    { value: '', label: ADMIN_TEXTS.allChurches },
    ...(churches.data?.items ?? []).map((church) => ({ value: church.id, label: `${church.name} (${church.code})` })),
  ];
  return (
    <ConsoleSelect
      label="Church"
      data={options}
      value={value}
      onChange={onChange}
      description={churches.isError ? ADMIN_TEXTS.churchFilterFailed : undefined}
      style={style}
    />
  );
}

interface ChurchFiltersProps {
  churchId: string;
  onChurchChange: (churchId: string) => void;
  /** The list's second filter (User Management's role, Media Library's type). */
  second: { label: string; data: readonly { value: string; label: string }[]; value: string; onChange: (value: string) => void };
}

/** The filter row of User Management and Media Library: the church, then one more choice. */
export function ChurchFilters({ churchId, onChurchChange, second }: ChurchFiltersProps) {
  return (
    <Group gap="sm" align="flex-end" wrap="wrap">
      <ChurchFilterSelect value={churchId} onChange={onChurchChange} style={{ flex: '1 1 240px' }} />
      <ConsoleSelect label={second.label} data={second.data} value={second.value} onChange={second.onChange} style={{ flex: '0 1 180px' }} />
    </Group>
  );
}
