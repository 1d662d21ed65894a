import { Card, Stack, Title } from '@mantine/core';
import { IconChalkboard } from '@tabler/icons-react';
import { PagedTable } from '../../components/PagedTable';
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
        <PagedTable
          query={teachers}
          items={teachers.data}
          loadingLabel="Loading teachers"
          errorTitle={USER_MESSAGES.loadTeachersFailed}
          errorFallback={UNREACHABLE}
          empty={{ icon: <IconChalkboard size={28} />, title: 'No teachers yet', testId: 'teachers-empty' }}
        >
          {(teachers) => <TeachersTable teachers={teachers} onEdit={onEdit} onDelete={onDelete} />}
        </PagedTable>
      </Stack>
    </Card>
  );
}
