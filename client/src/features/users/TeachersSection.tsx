import { Card, Stack, Title } from '@mantine/core';
import { IconChalkboard } from '@tabler/icons-react';
import { PagedTable } from '../../components/PagedTable';
import { localized, useT } from '../../lib/i18n';
import { trpc } from '../../lib/trpc';
import { TeachersTable } from './TeachersTable';
import type { ManagedUser } from './roles';
import './messages';

/** The Teachers table with its loading, empty and error states (Teacher and User Management). */
export function TeachersSection({ onEdit, onDelete }: { onEdit?: (u: ManagedUser) => void; onDelete?: (u: ManagedUser) => void }) {
  const t = useT();
  const teachers = trpc.users.teachers.useQuery();
  return (
    <Card withBorder padding="lg">
      <Stack gap="md">
        <Title order={2} size="h4">{t('users.teachers')}</Title>
        <PagedTable
          query={teachers}
          items={teachers.data}
          loadingLabel={t('users.loadingTeachers')}
          errorTitle={(message) => t('users.loadTeachersFailed', { message: localized(t, message) })}
          errorFallback={t('users.unreachable')}
          empty={{ icon: <IconChalkboard size={28} />, title: t('users.noTeachers'), testId: 'teachers-empty' }}
        >
          {(teachers) => <TeachersTable teachers={teachers} onEdit={onEdit} onDelete={onDelete} />}
        </PagedTable>
      </Stack>
    </Card>
  );
}
