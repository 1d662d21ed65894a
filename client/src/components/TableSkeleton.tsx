import { Skeleton, Stack } from '@mantine/core';

/** The loading state of a table: a header bar and a few row bars. */
export function TableSkeleton({ rows = 5, label }: { rows?: number; label: string }) {
  return (
    <Stack gap="xs" aria-busy="true" aria-label={label} role="status">
      <Skeleton height={32} radius="sm" />
      {Array.from({ length: rows }, (_, i) => <Skeleton key={i} height={40} radius="sm" />)}
    </Stack>
  );
}
