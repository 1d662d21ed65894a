import { Card, EmptyState, Stack, Title } from '@mantine/core';
import { IconChalkboard } from '@tabler/icons-react';
import { ErrorState } from '../../components/ErrorState';
import { TableSkeleton } from '../../components/TableSkeleton';
import { serverMessage } from '../../lib/errors';
import { trpc } from '../../lib/trpc';
import { USER_MESSAGES } from '../../../../common/schemas/users';
import { TeachersTable } from './TeachersTable';
import type { ManagedUser } from './roles';

const UNREACHABLE = 'The server could not be reached.';

/** The Teachers table with its loading, empty and error states (Teacher and User Management). */
export function TeachersSection({ onEdit, onDelete }: { onEdit?: (u: ManagedUser) => void; onDelete?: (u: ManagedUser) => void }) {
  const teachers = trpc.users.teachers.useQuery();
  return (
    <Card withBorder padding="lg">
      <Stack gap="md">
        <Title order={2} size="h4">Teachers</Title>
        {teachers.isPending ? <TableSkeleton label="Loading teachers" /> : null}
        {teachers.isError ? (
          <ErrorState
            title={USER_MESSAGES.loadTeachersFailed(serverMessage(teachers.error, UNREACHABLE))}
            onRetry={() => void teachers.refetch()}
            retrying={teachers.isFetching}
          />
        ) : null}
        {teachers.data && teachers.data.length === 0 ? (
          <EmptyState icon={<IconChalkboard size={28} />} title="No teachers yet" py="lg" data-testid="teachers-empty" />
        ) : null}
        {teachers.data && teachers.data.length > 0 ? (
          <TeachersTable teachers={teachers.data} onEdit={onEdit} onDelete={onDelete} />
        ) : null}
      </Stack>
    </Card>
  );
}
