import { useState } from 'react';
import { Card, Stack, Title } from '@mantine/core';
import { keepPreviousData } from '@tanstack/react-query';
import { IconUsers } from '@tabler/icons-react';
import { DataTable } from '../../../components/DataTable';
import { PagedTable } from '../../../components/PagedTable';
import { trpc } from '../../../lib/trpc';
import { useAddressParams } from '../../../lib/useAddressParams';
import { ChurchFilters } from '../shared/ChurchFilterSelect';
import { choiceParam, pageParam, pageValue } from '../shared/console-params';
import { useClampedPage } from '../shared/useClampedPage';
import { DeleteUserDialog } from './DeleteUserDialog';
import { CONSOLE_ROLES } from '../shared/church-roles';
import { ROLE_FILTER, USERS_TEXTS } from './texts';
import { UserDetailsModal } from './UserDetailsModal';
import { USER_COLUMNS, UserRow, type AdminUser } from './UserRow';

/** Users on a page. */
const PAGE_SIZE = 10;

/**
 * User Management: church and role filters (kept in the address; a change goes
 * back to page 1), a page of users, their details, and deleting one after a confirmation.
 */
export function UsersPage() {
  const utils = trpc.useUtils();
  const { params, update } = useAddressParams();
  const churchId = params.get('church') ?? '';
  const role = choiceParam(CONSOLE_ROLES, params.get('role'));
  const page = pageParam(params.get('page'));

  const users = trpc.admin.users.list.useQuery(
    { church_id: churchId || undefined, role, page, limit: PAGE_SIZE },
    { placeholderData: keepPreviousData },
  );
  const [viewing, setViewing] = useState<AdminUser | null>(null);
  const [deleting, setDeleting] = useState<AdminUser | null>(null);

  const filtered = Boolean(churchId || role);
  const data = users.data;
  useClampedPage(page, data?.pagination, update);

  return (
    <Stack gap="lg" maw={1200}>
      <Title order={1} size="h2">{USERS_TEXTS.title}</Title>
      <Card withBorder padding="lg">
        <Stack gap="md">
          <ChurchFilters
            churchId={churchId}
            onChurchChange={(value) => update({ church: value || null, page: null }, { push: true })}
            second={{ label: 'Role', data: ROLE_FILTER, value: role ?? '', onChange: (value) => update({ role: value || null, page: null }, { push: true }) }}
          />

          <PagedTable
            query={users}
            items={data?.items}
            loadingLabel="Loading users"
            errorTitle={USERS_TEXTS.listFailed}
            empty={{
              icon: <IconUsers size={28} stroke={1.5} aria-hidden />,
              title: USERS_TEXTS.noUsers,
              hint: filtered ? USERS_TEXTS.noUsersFiltered : USERS_TEXTS.noUsersYet,
              testId: 'users-empty',
            }}
            pagination={data && {
              ...data.pagination,
              pageSize: PAGE_SIZE,
              onPage: (next) => update({ page: pageValue(next) }, { push: true }),
              testId: 'users-pagination',
            }}
          >
            {(items) => (
              <DataTable
                items={items}
                testId="users-table"
                minWidth={720}
                columns={USER_COLUMNS}
                hover
                row={(user) => <UserRow key={user.id} user={user} onView={setViewing} onDelete={setDeleting} />}
              />
            )}
          </PagedTable>
        </Stack>
      </Card>

      <UserDetailsModal user={viewing} onClose={() => setViewing(null)} />
      <DeleteUserDialog
        user={deleting}
        onClose={() => setDeleting(null)}
        onDeleted={() => {
          // The details close and the list is asked again; so are the figures that count users.
          setDeleting(null);
          setViewing(null);
          void utils.admin.users.list.invalidate();
          void utils.admin.churches.invalidate();
          void utils.admin.overview.invalidate();
          void utils.admin.auditLogs.invalidate();
        }}
      />
    </Stack>
  );
}
