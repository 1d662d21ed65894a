import type { CSSProperties } from 'react';
import { trpc } from '../../lib/trpc';
import { ConsoleSelect } from './ConsoleSelect';
import { ADMIN_TEXTS } from './texts';

/** Church filters list at most this many churches (02 section 9). */
const CHURCH_FILTER_LIMIT = 100;

interface ChurchFilterSelectProps {
  /** The chosen church's id, or '' for all churches. */
  value: string;
  onChange: (churchId: string) => void;
  style?: CSSProperties;
}

/**
 * The church filter of User Management and Media Library (02 sections 2.16 and 2.19): 'All Churches'
 * and each church as 'name (code)'. Until the churches arrive only 'All Churches' is offered.
 */
export function ChurchFilterSelect({ value, onChange, style }: ChurchFilterSelectProps) {
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
