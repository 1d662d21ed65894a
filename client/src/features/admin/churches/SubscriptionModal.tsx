import { useState } from 'react';
import { Alert, Button, Group, Modal, Stack, TextInput } from '@mantine/core';
import { IconAlertCircle } from '@tabler/icons-react';
import { serverMessage } from '../../../lib/errors';
import { formatCalendarDate } from '../../../lib/format';
import { notify } from '../../../lib/notify';
import { trpc, type RouterOutputs } from '../../../lib/trpc';
import { lastDayOf } from '../shared/church-dates';
import { ConsoleSelect } from '../shared/ConsoleSelect';
import type { AdminChurch } from './ChurchRow';
import {
  consoleStatus, consoleTier, statusOptions, tierOptions, type ConsoleStatus, type ConsoleTier,
} from '../shared/subscription-labels';
import { ADMIN_TEXTS } from '../shared/texts';

type Updated = RouterOutputs['admin']['churches']['updateSubscription']['church'];

interface SubscriptionFormProps {
  church: AdminChurch;
  onClose: () => void;
  onUpdated: (church: Updated) => void;
}

function SubscriptionForm({ church, onClose, onUpdated }: SubscriptionFormProps) {
  const currentEnd = church.subscription_end_date ? lastDayOf(church.subscription_end_date) : null;
  const [tier, setTier] = useState<ConsoleTier>(consoleTier(church.subscription_tier));
  const [status, setStatus] = useState<ConsoleStatus>(consoleStatus(church.subscription_status));
  const [endDate, setEndDate] = useState(currentEnd ?? '');

  const update = trpc.admin.churches.updateSubscription.useMutation({
    onSuccess: (result) => {
      notify({ color: 'green', message: ADMIN_TEXTS.subscriptionUpdated });
      onUpdated(result.church);
      onClose();
    },
  });

  return (
    <form
      noValidate
      aria-label={ADMIN_TEXTS.manageSubscription}
      onSubmit={(event) => {
        event.preventDefault();
        update.mutate({ id: church.id, subscription_tier: tier, subscription_status: status, subscription_end_date: endDate || null });
      }}
    >
      <Stack gap="md">
        <ConsoleSelect label="Subscription Tier" data={tierOptions} value={tier} onChange={(value) => setTier(consoleTier(value))} />
        <ConsoleSelect label="Status" data={statusOptions} value={status} onChange={(value) => setStatus(consoleStatus(value))} />
        <TextInput
          type="date"
          label="Subscription End Date"
          value={endDate}
          onChange={(event) => setEndDate(event.currentTarget.value)}
          description={`Current end date: ${currentEnd ? formatCalendarDate(currentEnd) : ADMIN_TEXTS.notSet}`}
        />
        {update.isError ? (
          <Alert color="red" variant="light" icon={<IconAlertCircle size={18} />} role="alert">
            {ADMIN_TEXTS.subscriptionFailed + serverMessage(update.error, ADMIN_TEXTS.subscriptionFailedGeneric)}
          </Alert>
        ) : null}
        <Group justify="flex-end">
          <Button variant="default" onClick={onClose} disabled={update.isPending}>Cancel</Button>
          <Button type="submit" loading={update.isPending}>{ADMIN_TEXTS.updateSubscription}</Button>
        </Group>
      </Stack>
    </form>
  );
}

/** 'Manage Subscription - {church}': any tier and status, a plain end date. */
export function SubscriptionModal({ church, onClose, onUpdated }: Omit<SubscriptionFormProps, 'church'> & { church: AdminChurch | null }) {
  return (
    <Modal
      opened={church !== null}
      onClose={onClose}
      title={church ? `${ADMIN_TEXTS.manageSubscription} - ${church.name}` : ADMIN_TEXTS.manageSubscription}
      centered
    >
      {church ? <SubscriptionForm key={church.id} church={church} onClose={onClose} onUpdated={onUpdated} /> : null}
    </Modal>
  );
}
