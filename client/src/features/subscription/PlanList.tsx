import { Badge, Button, Card, Group, List, SimpleGrid, Skeleton, Stack, Text, Title } from '@mantine/core';
import { WRAPPING_BUTTON_STYLES } from '../../components/wrapping-button';
import { formatCount, formatRupees } from '../../lib/format';
import { localized, useT, type MessageId } from '../../lib/i18n';
import type { Plan } from './fallback-plans';
import { usePlans } from './usePlans';
import './messages';

/** A plan's action on the subscription page: its label, or why it cannot be chosen. */
export interface PlanAction {
  label: string;
  disabledReason?: string;
  loading?: boolean;
  onClick: () => void;
}

/** A plan's name or description: the seeded English has a translation; an operator's own text is shown as it is. */
export const planText = (t: (id: MessageId) => string, text: string) => localized(t, text);

function PlanCard({ plan, current, action }: { plan: Plan; current: boolean; action?: PlanAction }) {
  const t = useT();
  const limits: { id: MessageId; value: number }[] = [
    { id: 'subscription.limit.principals', value: plan.principals },
    { id: 'subscription.limit.teachers', value: plan.teachers },
    { id: 'subscription.limit.students', value: plan.students },
    { id: 'subscription.limit.classes', value: plan.classes },
  ];
  return (
    <Card withBorder padding="lg" data-testid={`plan-${plan.tier}`} style={current ? { borderColor: 'var(--mantine-color-indigo-5)' } : undefined}>
      <Stack gap="sm" h="100%">
        <Group justify="space-between" gap="xs">
          <Title order={3} size="h4">{planText(t, plan.name)}</Title>
          {current ? <Badge variant="light">{t('subscription.currentPlan')}</Badge> : null}
        </Group>
        <Group gap={6} align="baseline">
          <Text fz={28} fw={700}>{formatRupees(plan.price)}</Text>
          <Text c="dimmed" size="sm">{t('subscription.perDays', { days: plan.duration_days })}</Text>
        </Group>
        {plan.description ? <Text size="sm" c="dimmed">{planText(t, plan.description)}</Text> : null}
        <List size="sm" spacing={4}>
          {limits.map((limit) => (
            <List.Item key={limit.id}>{t(limit.id, { value: limit.value < 0 ? t('subscription.unlimited') : formatCount(limit.value) })}</List.Item>
          ))}
          {/* The operator's extras, after the limits (written from the plan's numbers above). */}
          {plan.features.map((feature) => <List.Item key={`extra-${feature}`}>{planText(t, feature)}</List.Item>)}
        </List>
        {action ? (
          <Stack gap={4} mt="auto">
            <Button styles={WRAPPING_BUTTON_STYLES} onClick={action.onClick} loading={action.loading} disabled={Boolean(action.disabledReason)} variant={plan.tier === 'free' ? 'default' : 'filled'}>
              {action.label}
            </Button>
            {action.disabledReason ? <Text size="xs" c="dimmed">{action.disabledReason}</Text> : null}
          </Stack>
        ) : null}
      </Stack>
    </Card>
  );
}

/** The plans of the `plans` table (the one source of prices), with ₹ prices. */
export function PlanList({ currentTier, actionOf }: { currentTier: string | undefined; actionOf?: (plan: Plan) => PlanAction | undefined }) {
  const t = useT();
  const { plans, isPending } = usePlans();

  if (isPending || !plans) {
    return (
      <SimpleGrid cols={{ base: 1, sm: 3 }} aria-busy="true" aria-label={t('subscription.loadingPlans')}>
        {[0, 1, 2].map((i) => <Skeleton key={i} height={220} radius="md" />)}
      </SimpleGrid>
    );
  }
  if (plans.length === 0) return <Text c="dimmed">{t('subscription.plansEmpty')}</Text>;
  return (
    <SimpleGrid cols={{ base: 1, sm: Math.min(3, plans.length) }}>
      {plans.map((plan) => <PlanCard key={plan.tier} plan={plan} current={plan.tier === currentTier} action={actionOf?.(plan)} />)}
    </SimpleGrid>
  );
}
