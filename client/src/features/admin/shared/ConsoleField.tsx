import type { ReactNode } from 'react';
import { Text } from '@mantine/core';

/** One labelled value of a console details modal; long values (ids, addresses) wrap anywhere. */
export function ConsoleField({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div>
      <Text size="xs" c="dimmed" fw={500}>{label}</Text>
      <Text size="sm" component="div" style={{ overflowWrap: 'anywhere' }}>{children}</Text>
    </div>
  );
}
