import { Button, Group, Text } from '@mantine/core';
import { showingText } from './texts';

interface ConsolePaginationProps {
  pagination: { page: number; pages: number; total: number };
  pageSize: number;
  /** Goes to another page (1 and up). */
  onPage: (page: number) => void;
  testId: string;
}

/**
 * The console lists' footer (02 section 2.15, reused by 2.16 and 2.19): 'Showing X to Y of Z results'
 * with Previous and Next, disabled at the ends; nothing when everything fits on one page.
 */
export function ConsolePagination({ pagination, pageSize, onPage, testId }: ConsolePaginationProps) {
  const { page, pages, total } = pagination;
  if (pages <= 1) return null;
  return (
    <Group justify="space-between" gap="sm" data-testid={testId}>
      <Text size="sm" c="dimmed">{showingText(page, pageSize, total)}</Text>
      <Group gap="xs">
        <Button variant="default" size="xs" disabled={page <= 1} onClick={() => onPage(page - 1)}>Previous</Button>
        <Button variant="default" size="xs" disabled={page >= pages} onClick={() => onPage(page + 1)}>Next</Button>
      </Group>
    </Group>
  );
}
