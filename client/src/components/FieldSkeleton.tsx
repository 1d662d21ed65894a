import { Skeleton, Stack } from '@mantine/core';

/** The place of a form field whose choices are still loading: its label and its input. */
export function FieldSkeleton() {
  return (
    <Stack gap={6}>
      <Skeleton height={14} width="40%" />
      <Skeleton height={36} />
    </Stack>
  );
}
