import { useEffect } from 'react';
import {
  Alert, Button, Card, Container, Group, Modal, Skeleton, Stack, Text, Title,
} from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import { IconAlertTriangle, IconBuildingChurch, IconLogout, IconMail } from '@tabler/icons-react';
import { Navigate } from 'react-router-dom';
import { MESSAGES, SUPPORT_EMAIL } from '../../../../common/constants';
import { QueryErrorState } from '../../components/ErrorState';
import { FullPageLoader } from '../../components/FullPageLoader';
import { formatDate, formatRupees, mailto } from '../../lib/format';
import { trpc, type RouterOutputs } from '../../lib/trpc';
import { useLogout } from '../auth/useLogout';
import { useSignedInSession } from '../auth/useSession';
import { PlanList } from './PlanList';
import { tierLabel } from './tier';

type Current = RouterOutputs['subscription']['current'];

function CurrentPlan({ current }: { current: Current }) {
  const { church, plan } = current;
  const end = church.subscription_end_date;
  const ended = end !== null && new Date(end).getTime() <= Date.now();
  return (
    <Card withBorder padding="lg" data-testid="current-plan">
      <Stack gap={6}>
        <Text size="sm" c="dimmed">Current plan</Text>
        <Group gap="xs" align="baseline">
          <Title order={3} size="h4">{plan?.name ?? tierLabel(church.subscription_tier)}</Title>
          {plan ? <Text c="dimmed" size="sm">{formatRupees(plan.price)} / {plan.duration_days} days</Text> : null}
        </Group>
        <Text size="sm">Status: {church.subscription_status.replace(/_/g, ' ')}</Text>
        {church.is_lifetime ? null : end ? (
          <Text size="sm">{ended ? 'Ended on' : 'Ends on'} {formatDate(end)}</Text>
        ) : null}
      </Stack>
    </Card>
  );
}

/**
 * The subscription wall (01 section 4, 02 section 2.11): why the church cannot use the app, its
 * plan, the plans on offer; until payment exists, contact support to renew, or log out.
 */
export function SubscriptionPage() {
  const session = useSignedInSession();
  const utils = trpc.useUtils();
  const current = trpc.subscription.current.useQuery(undefined, { staleTime: 0 });
  const { logout, pending: loggingOut } = useLogout();
  const [confirmOpened, confirm] = useDisclosure(false);
  const church = current.data?.church ?? session.church;

  // Keep the session's copy of the church in step, so the route guards decide on fresh facts.
  useEffect(() => {
    const fresh = current.data?.church;
    if (fresh) utils.auth.verify.setData(undefined, (old) => (old ? { ...old, church: fresh } : old));
  }, [current.data, utils]);

  if (current.data?.church.subscription.valid) return <Navigate to="/" replace />;
  // A valid church is on its way home: no wall while that is confirmed.
  if (current.isPending && session.church.subscription.valid) return <FullPageLoader label="Loading subscription…" />;

  const renewLink = mailto(SUPPORT_EMAIL, `${MESSAGES.renewMailSubject} (${church.code})`);

  return (
    <Container component="main" size="lg" py="xl" px="md">
      <Stack gap="lg">
        <Group justify="space-between" wrap="nowrap" gap="sm">
          <Group gap="sm" wrap="nowrap" miw={0}>
            <IconBuildingChurch size={28} stroke={1.5} aria-hidden />
            <Stack gap={0} miw={0}>
              <Text fw={700} truncate="end">{church.name}</Text>
              <Text size="sm" c="dimmed">Church code {church.code}</Text>
            </Stack>
          </Group>
          <Button variant="light" leftSection={<IconLogout size={16} />} onClick={confirm.open}>Logout</Button>
        </Group>

        <Title order={1} size="h2">Subscription</Title>

        {church.subscription.valid ? null : (
          <Alert color="orange" variant="light" icon={<IconAlertTriangle size={18} />} title={church.subscription.message} role="alert">
            {MESSAGES.paymentComingSoon}
            <Group mt="sm">
              <Button component="a" href={renewLink} leftSection={<IconMail size={16} />} size="sm">
                Contact support to renew
              </Button>
            </Group>
          </Alert>
        )}

        {current.isPending ? <Skeleton height={120} radius="md" /> : null}
        {current.isError ? <QueryErrorState query={current} title={MESSAGES.subscriptionLoadFailed} /> : null}
        {current.data ? <CurrentPlan current={current.data} /> : null}

        <Stack gap="sm">
          <Title order={2} size="h3">Plans</Title>
          <PlanList currentTier={church.subscription_tier} />
        </Stack>
      </Stack>

      <Modal opened={confirmOpened} onClose={confirm.close} title="Logout" centered>
        <Stack>
          <Text>{MESSAGES.logoutConfirm}</Text>
          <Group justify="flex-end">
            <Button variant="default" onClick={confirm.close}>Cancel</Button>
            <Button color="red" loading={loggingOut} onClick={() => void logout()}>Logout</Button>
          </Group>
        </Stack>
      </Modal>
    </Container>
  );
}
