import { Badge, Button, Group, Modal, SimpleGrid, Stack } from '@mantine/core';
import { readablePhone } from '../../../../../common/phone';
import { ErrorState } from '../../../components/ErrorState';
import { trpc } from '../../../lib/trpc';
import { daysSince, localTimestamp } from '../shared/church-dates';
import { failureText } from '../shared/console-errors';
import { ConsoleField as Field } from '../shared/ConsoleField';
import { ADMIN_TEXTS } from '../shared/texts';
import { PermissionsPanel } from './PermissionsPanel';
import { consoleRole, roleBadge } from '../shared/church-roles';
import { USERS_TEXTS } from './texts';
import type { AdminUser } from './UserRow';

const orNA = (value: string | null | undefined) => (value ? value : ADMIN_TEXTS.notAvailable);

/**
 * 'User Details'. The list's row shows at once; the details call (audited as a
 * view) then brings the statistics: classes taught and the students in them.
 */
export function UserDetailsModal({ user, onClose }: { user: AdminUser | null; onClose: () => void }) {
  const details = trpc.admin.users.details.useQuery({ id: user?.id ?? '' }, { enabled: user !== null });
  const full = details.data?.id === user?.id ? details.data : undefined;
  const shown = full ?? user;
  const role = roleBadge(shown?.role ?? '');

  return (
    <Modal opened={user !== null} onClose={onClose} title={USERS_TEXTS.detailsTitle} size="lg" centered>
      {shown ? (
        <Stack gap="md" data-testid="user-details">
          {details.isError ? (
            <ErrorState
              title={failureText(details.error, USERS_TEXTS.detailsFailed, USERS_TEXTS.detailsFailedGeneric)}
              onRetry={() => void details.refetch()}
              retrying={details.isFetching}
            />
          ) : null}
          <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="sm" verticalSpacing="sm">
            <Field label="Name">{shown.name}</Field>
            <Field label="Email">{shown.email}</Field>
            <Field label="Phone">{orNA(shown.phone && readablePhone(shown.phone))}</Field>
            <Field label="User ID">{shown.id}</Field>
            <Field label="Account Status">{shown.is_active ? USERS_TEXTS.active : USERS_TEXTS.inactive}</Field>
            <Field label="Role"><Badge color={role.color} variant="light">{role.label}</Badge></Field>
            <Field label="Owner Status">{shown.is_church_owner ? USERS_TEXTS.churchOwner : USERS_TEXTS.regularUser}</Field>
            <Field label="Church">{shown.church_name}</Field>
            <Field label="Church Code">{shown.church_code}</Field>
            <Field label="Church ID">{shown.church_id}</Field>
            <Field label="Created">{localTimestamp(shown.created_at)}</Field>
            <Field label="Last Updated">{localTimestamp(shown.updated_at)}</Field>
            <Field label="Member Since">{USERS_TEXTS.days(daysSince(shown.created_at))}</Field>
            <Field label="Classes">
              <span data-testid="user-classes">{full ? full.classes_taught.length : '…'}</span>
            </Field>
            <Field label="Students">
              <span data-testid="user-students">{full ? full.students_managed : '…'}</span>
            </Field>
          </SimpleGrid>
          <PermissionsPanel user={{ role: consoleRole(shown.role), is_church_owner: shown.is_church_owner }} />
          <Group justify="flex-end">
            <Button variant="default" onClick={onClose}>{USERS_TEXTS.close}</Button>
          </Group>
        </Stack>
      ) : null}
    </Modal>
  );
}
