import { Badge, Button, Group, Modal, SimpleGrid, Stack } from '@mantine/core';
import { readablePhone } from '../../../../../common/phone';
import { QueryErrorState } from '../../../components/ErrorState';
import { formatCalendarDate } from '../../../lib/format';
import { trpc } from '../../../lib/trpc';
import { daysSince, lastDayOf, localTimestamp } from '../shared/church-dates';
import type { AdminChurch } from './ChurchRow';
import { ConsoleField as Field } from '../shared/ConsoleField';
import { statusBadge, tierBadge } from '../shared/subscription-labels';
import { ADMIN_TEXTS } from '../shared/texts';
import { ACCESS_LOG_TEXTS } from './texts';

const orNA = (value: string | null | undefined) => (value ? value : ADMIN_TEXTS.notAvailable);

interface ChurchDetailsModalProps {
  church: AdminChurch | null;
  onClose: () => void;
  /** Opens the church's access log of children's data (in place of these details). */
  onAccessLog: (church: AdminChurch) => void;
}

/**
 * 'Church Details': every field of the church with its counts. The list's row is
 * shown at once; the details call (audited as a view) then brings the current values.
 */
export function ChurchDetailsModal({ church, onClose, onAccessLog }: ChurchDetailsModalProps) {
  const details = trpc.admin.churches.details.useQuery(
    { id: church?.id ?? '' },
    { enabled: church !== null, placeholderData: church ?? undefined },
  );
  const shown = details.data ?? church;
  const tier = tierBadge(shown?.subscription_tier ?? '');
  const status = statusBadge(shown?.subscription_status ?? '');

  return (
    <Modal opened={church !== null} onClose={onClose} title={ADMIN_TEXTS.detailsTitle} size="lg" centered>
      {shown ? (
        <Stack gap="md" data-testid="church-details">
          {details.isError ? <QueryErrorState query={details} title={ADMIN_TEXTS.detailsFailed} /> : null}
          <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="sm" verticalSpacing="sm">
            <Field label="Name">{orNA(shown.name)}</Field>
            <Field label="Code">{orNA(shown.code)}</Field>
            <Field label="Email">{orNA(shown.email)}</Field>
            <Field label="Phone">{orNA(shown.phone && readablePhone(shown.phone))}</Field>
            <Field label="Church ID">{orNA(shown.id)}</Field>
            <Field label="Owner Email">{orNA(shown.owner_email)}</Field>
            <Field label="Association">
              {shown.association ? `${shown.association.name} (${shown.association.code})` : 'None'}
            </Field>
            <Field label="Address">{orNA(shown.address)}</Field>
            <Field label="Pincode">{orNA(shown.pincode)}</Field>
            <Field label="Subscription Tier"><Badge color={tier.color} variant="light">{tier.label}</Badge></Field>
            <Field label="Status"><Badge color={status.color} variant="light">{status.label}</Badge></Field>
            <Field label="End Date">
              {shown.subscription_end_date ? formatCalendarDate(lastDayOf(shown.subscription_end_date)) : ADMIN_TEXTS.notAvailable}
            </Field>
            <Field label="Trial Extensions">{shown.trial_extensions}</Field>
            <Field label="Days Active">{daysSince(shown.created_at)}</Field>
            <Field label="Total Users">{shown.user_count}</Field>
            <Field label="Total Classes">{shown.class_count}</Field>
            <Field label="Media Files">{shown.media_count}</Field>
            <Field label="Created">{localTimestamp(shown.created_at)}</Field>
            <Field label="Last Updated">{localTimestamp(shown.updated_at)}</Field>
          </SimpleGrid>
          <Group justify="flex-end">
            {church ? <Button variant="light" onClick={() => onAccessLog(church)}>{ACCESS_LOG_TEXTS.open}</Button> : null}
            <Button variant="default" onClick={onClose}>{ADMIN_TEXTS.closeDetails}</Button>
          </Group>
        </Stack>
      ) : null}
    </Modal>
  );
}
