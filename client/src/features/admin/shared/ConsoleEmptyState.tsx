import type { ReactNode } from 'react';
import { Stack, Text } from '@mantine/core';

interface ConsoleEmptyStateProps {
  icon: ReactNode;
  title: string;
  /** Why the list is empty: a filter hides everything, or nothing exists yet. */
  hint: string;
  testId: string;
}

/** The empty state of a console list (02 sections 2.15, 2.16, 2.19): an icon, what is missing and why. */
export function ConsoleEmptyState({ icon, title, hint, testId }: ConsoleEmptyStateProps) {
  return (
    <Stack align="center" gap={4} py="lg" data-testid={testId}>
      {icon}
      <Text fw={600}>{title}</Text>
      <Text size="sm" c="dimmed">{hint}</Text>
    </Stack>
  );
}
