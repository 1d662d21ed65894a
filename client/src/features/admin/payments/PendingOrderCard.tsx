import { useState, type ReactNode } from 'react';
import { Badge, Button, Card, Group, SimpleGrid, Stack, Text, TextInput } from '@mantine/core';
import { ADMIN_PAYMENT_MESSAGES, utrSchema } from '../../../../../common/schemas/admin-payments';
import { phoneLinks } from '../../../../../common/phone';
import { formatRupees } from '../../../lib/format';
import { notify } from '../../../lib/notify';
import { trpc, type RouterOutputs } from '../../../lib/trpc';
import { failureText } from '../shared/console-errors';
import { PAYMENTS_TEXTS as T } from './texts';
import { consoleDate } from '../shared/church-dates';

export type PendingOrder = RouterOutputs['admin']['payments']['pending']['items'][number];

function Fact({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div>
      <Text size="xs" c="dimmed">{label}</Text>
      <Text size="sm" fw={500} style={{ overflowWrap: 'anywhere' }}>{children}</Text>
    </div>
  );
}

/**
 * One pending order: church, plan, amount (as the order was made), created, and the UTR to confirm
 * it with. The UTR is checked with the server's own schema before it is sent; the server's refusal
 * (an order paid meanwhile: 409) is shown on the card with its message.
 */
export function PendingOrderCard({ order, onConfirmed }: { order: PendingOrder; onConfirmed: () => void }) {
  const [utr, setUtr] = useState('');
  const [invalid, setInvalid] = useState<string | null>(null);
  const confirm = trpc.admin.payments.confirm.useMutation({
    onSuccess: (result) => {
      notify({ color: 'green', message: `${result.message} (${order.church_name})` });
      onConfirmed();
    },
  });
  const error = invalid ?? (confirm.isError ? failureText(confirm.error, T.confirmFailed, T.confirmFailedGeneric) : null);
  const phone = order.church_phone ? phoneLinks(order.church_phone, false) : null;

  return (
    <Card withBorder padding="md" data-testid="pending-order" aria-label={`${order.church_name}: ${order.plan_name}`} component="section">
      <Stack gap="sm">
        <SimpleGrid cols={{ base: 2, sm: 4 }} spacing="sm" verticalSpacing="xs">
          <Fact label={T.church}>{order.church_name} <Text span size="xs" c="dimmed">({order.church_code})</Text></Fact>
          <Fact label={T.plan}>
            {order.plan_name} {order.is_upgrade ? <Badge size="xs" variant="light">{T.upgrade}</Badge> : null}
          </Fact>
          <Fact label={T.amount}><span data-testid="pending-amount">{formatRupees(order.amount_paise / 100)}</span></Fact>
          <Fact label={T.created}>{consoleDate(order.created_at)}</Fact>
        </SimpleGrid>
        <Fact label={T.contact}>
          <Group gap="md" data-testid="pending-contact">
            {phone ? <a href={phone.tel}>{phone.display}</a> : null}
            <a href={`mailto:${order.church_email}`}>{order.church_email}</a>
          </Group>
        </Fact>
        <Text size="xs" c="dimmed" style={{ overflowWrap: 'anywhere' }}>{T.order}: {order.order_id}</Text>
        <form
          noValidate
          aria-label={`Confirm the payment of ${order.church_name}`}
          onSubmit={(event) => {
            event.preventDefault();
            const parsed = utrSchema.safeParse(utr);
            setInvalid(parsed.success ? null : ADMIN_PAYMENT_MESSAGES.utrInvalid);
            if (parsed.success) confirm.mutate({ id: order.church_id, order_id: order.order_id, bank_reference: parsed.data });
          }}
        >
          <Group align="flex-start" gap="sm" wrap="nowrap">
            <TextInput
              label={T.utrLabel}
              placeholder={T.utrPlaceholder}
              inputMode="numeric"
              autoComplete="off"
              value={utr}
              onChange={(event) => {
                setUtr(event.currentTarget.value);
                setInvalid(null);
                if (confirm.isError) confirm.reset();
              }}
              error={error}
              style={{ flex: '1 1 auto', minWidth: 0, maxWidth: 260 }}
            />
            <Button type="submit" mt={25} loading={confirm.isPending}>{T.confirm}</Button>
          </Group>
        </form>
      </Stack>
    </Card>
  );
}
