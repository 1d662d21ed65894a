import { Alert, Modal, Stack, Text } from '@mantine/core';
import { IconAlertCircle } from '@tabler/icons-react';
import { SUBSCRIPTION_MESSAGES } from '../../../../common/subscription-messages';
import { orderKind } from '../../../../common/upgrade-path';
import { serverMessage } from '../../lib/errors';
import { localized, useT } from '../../lib/i18n';
import type { SessionChurch } from '../auth';
import type { Plan } from './fallback-plans';
import { PlanList, planText, type PlanAction } from './PlanList';
import { useSubscriptionActions } from './useSubscriptionActions';
import './messages';

/**
 * The upgrade modal: the plans the upgrade path allows from the church's plan
 * (free to basic or premium, basic to premium); choosing one makes its order and opens the payment
 * screen, which comes back home once the payment is verified.
 */
export function UpgradeDialog({ church, opened, onClose }: { church: SessionChurch; opened: boolean; onClose: () => void }) {
  const t = useT();
  const actions = useSubscriptionActions(church, '/');
  const actionOf = (plan: Plan): PlanAction | undefined => {
    if (plan.tier !== 'basic' && plan.tier !== 'premium') return undefined;
    const kind = orderKind(church, plan.tier);
    if (kind.allowed && !kind.isUpgrade) return undefined; // the church's own plan
    return {
      label: t('subscription.upgradeTo', { plan: planText(t, plan.name) }),
      disabledReason: kind.allowed ? undefined : localized(t, kind.message),
      loading: actions.paying.isPending && actions.paying.variables?.plan_type === plan.tier,
      onClick: () => actions.pay(plan.tier === 'premium' ? 'premium' : 'basic'),
    };
  };
  return (
    <Modal opened={opened} onClose={onClose} title={t('subscription.upgradeTitle')} size="xl" centered>
      <Stack>
        <Text size="sm" c="dimmed">{t('subscription.upgradeNote')}</Text>
        {actions.paying.error ? (
          <Alert color="red" variant="light" icon={<IconAlertCircle size={18} />} role="alert">
            {localized(t, serverMessage(actions.paying.error, SUBSCRIPTION_MESSAGES.upgradeFailed))}
          </Alert>
        ) : null}
        <PlanList currentTier={church.subscription_tier} actionOf={actionOf} />
      </Stack>
    </Modal>
  );
}
