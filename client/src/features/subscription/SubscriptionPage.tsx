import { useEffect, useState } from 'react';
import {
  Alert, Anchor, Button, Card, Container, Group, Modal, Skeleton, Stack, Text, Title,
} from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import { IconAlertCircle, IconAlertTriangle, IconBuildingChurch, IconCircleCheck, IconLogout, IconMail } from '@tabler/icons-react';
import { Link, Navigate, useLocation } from 'react-router-dom';
import { MESSAGES, SUPPORT_EMAIL } from '../../../../common/constants';
import { INTL_LOCALE, SOURCE_LOCALE, type Locale } from '../../../../common/i18n/locales';
import { WRAPPING_BUTTON_STYLES } from '../../components/wrapping-button';
import { LanguagePicker } from '../../components/LanguagePicker';
import { QueryErrorState } from '../../components/ErrorState';
import { FullPageLoader } from '../../components/FullPageLoader';
import { formatDate, formatRupees, mailto } from '../../lib/format';
import { localized, useLanguage, useT, type MessageId } from '../../lib/i18n';
import { trpc, type RouterOutputs } from '../../lib/trpc';
import { useLogout } from '../../lib/useLogout';
import { useCan, useSaveLanguage, useSignedInSession } from '../auth';
import { PlanList, planText, type PlanAction } from './PlanList';
import type { Plan } from './fallback-plans';
import { useSubscriptionActions } from './useSubscriptionActions';
import { ConfirmDialog } from '../../components/ConfirmDialog';
import { serverMessage } from '../../lib/errors';
import { orderKind } from '../../../../common/upgrade-path';
import { isOperatorStatus, SUBSCRIPTION_MESSAGES } from '../../../../common/subscription-messages';
import { hasPaidPlan, isManagePlanVisit, tierLabel } from './tier';
import './messages';

type Current = RouterOutputs['subscription']['current'];

/** The statuses by name; a status the client does not know shows as the server wrote it. */
const STATUS_NAMES: Record<string, MessageId> = {
  active: 'subscription.status.active',
  trial: 'subscription.status.trial',
  pending_payment: 'subscription.status.pending_payment',
  suspended: 'subscription.status.suspended',
  inactive: 'subscription.status.inactive',
};

/** Why the church cannot use the app, by the server's reason (its message in English otherwise). */
const REFUSALS: Record<string, MessageId> = {
  trial_ended: 'subscription.reason.trial_ended',
  expired: 'subscription.reason.expired',
  suspended: 'subscription.reason.suspended',
  inactive: 'subscription.reason.inactive',
  pending_payment: 'subscription.pendingPayment',
};

/** The end date: English as the browser's own locale writes it (as before), another language in its own words. */
const endDate = (iso: string, language: Locale) => (language === SOURCE_LOCALE
  ? formatDate(iso)
  : new Date(iso).toLocaleDateString(INTL_LOCALE[language], { day: 'numeric', month: 'short', year: 'numeric' }));

/** The server's message of a change made here: the trial extension's days found in its English. */
function changeMessage(t: ReturnType<typeof useT>, message: string) {
  const days = Number(/\d+/.exec(message)?.[0]);
  if (message === SUBSCRIPTION_MESSAGES.trialExtended(days)) return t('subscription.trialExtended', { days });
  return localized(t, message);
}

/** After the page's own change (the server's message): the plan as it now stands, and the way in. */
function PlanChanged({ current, message }: { current: Current | undefined; message: string }) {
  const t = useT();
  return (
    <Container component="main" size="sm" py="xl" px="md">
      <Stack gap="lg">
        <Title order={1} size="h2">{t('subscription.title')}</Title>
        <Alert color="teal" variant="light" icon={<IconCircleCheck size={18} />} role="status" title={changeMessage(t, message)} />
        {current ? <CurrentPlan current={current} /> : <Skeleton height={120} radius="md" />}
        <Button styles={WRAPPING_BUTTON_STYLES} component={Link} to="/" replace size="md" w="fit-content">{t('subscription.goToDashboard')}</Button>
      </Stack>
    </Container>
  );
}

function CurrentPlan({ current }: { current: Current }) {
  const t = useT();
  const language = useLanguage();
  const { church, plan } = current;
  const end = church.subscription_end_date;
  const ended = end !== null && new Date(end).getTime() <= Date.now();
  return (
    <Card withBorder padding="lg" data-testid="current-plan">
      <Stack gap={6}>
        <Text size="sm" c="dimmed">{t('subscription.currentPlan')}</Text>
        <Group gap="xs" align="baseline">
          <Title order={3} size="h4">{plan ? planText(t, plan.name) : tierLabel(church.subscription_tier, t)}</Title>
          {plan ? <Text c="dimmed" size="sm">{formatRupees(plan.price)} {t('subscription.perDays', { days: plan.duration_days })}</Text> : null}
        </Group>
        <Text size="sm">
          {t('subscription.status', {
            status: church.subscription_status in STATUS_NAMES
              ? t(STATUS_NAMES[church.subscription_status]) : church.subscription_status.replace(/_/g, ' '),
          })}
        </Text>
        {church.is_lifetime ? null : end ? (
          <Text size="sm">{t(ended ? 'subscription.endedOn' : 'subscription.endsOn', { date: endDate(end, language) })}</Text>
        ) : null}
      </Stack>
    </Card>
  );
}

/**
 * The subscription wall: why the church cannot use the app,
 * its plan, and what its super admin can do: pay for a plan, extend the free trial, or switch to it
 * (a payment still pending can be retried). Others are told to ask the super admin, or log out. The
 * super admin of a valid paid plan manages it here too (the way to the Free Trial); anyone else with
 * a valid plan goes home. A status the platform set (suspended, inactive) offers no action.
 */
export function SubscriptionPage() {
  const t = useT();
  const saveLanguage = useSaveLanguage();
  const session = useSignedInSession();
  const location = useLocation();
  const canAct = useCan('managePlan');
  const utils = trpc.useUtils();
  const current = trpc.subscription.current.useQuery(undefined, { staleTime: 0 });
  const { logout, pending: loggingOut } = useLogout();
  const [confirmOpened, confirm] = useDisclosure(false);
  const church = current.data?.church ?? session.church;
  const actions = useSubscriptionActions(church, '/subscription');
  // The super admin's own change (the server's message): say so and offer the way in, instead of
  // leaving the page unannounced (arriving with a valid plan still goes straight home).
  const changedHere = actions.extending.data?.message ?? actions.switching.data?.message;
  // The session is read again while a change completes: no way home is decided until it has.
  const changing = actions.extending.isPending || actions.switching.isPending;
  const [switchOpened, switchConfirm] = useDisclosure(false);
  const pending = church.subscription_status === 'pending_payment';
  const heldByPlatform = isOperatorStatus(church.subscription_status);
  // The super admin of a valid paid plan who came to manage it (the dashboard's Manage plan) stays
  // here (session facts, as the guards); arriving any other way with a valid plan goes home.
  const managing = canAct && hasPaidPlan(session.church) && isManagePlanVisit(location.state);
  // Which button started the payment: the pending payment's retry, or a plan of the chooser.
  const [payingFrom, setPayingFrom] = useState<'retry' | 'plans'>('plans');
  const pay = (tier: 'basic' | 'premium', from: 'retry' | 'plans') => {
    setPayingFrom(from);
    actions.pay(tier);
  };
  // The spec's fallbacks, shown when the server sent no message of its own.
  const switchFailed = pending ? SUBSCRIPTION_MESSAGES.switchToFreeFailed : SUBSCRIPTION_MESSAGES.downgradeFailed;
  const actionError = localized(t, actions.paying.error
    ? serverMessage(actions.paying.error, payingFrom === 'retry' ? SUBSCRIPTION_MESSAGES.paymentStartFailed : SUBSCRIPTION_MESSAGES.selectionFailed)
    : actions.extending.error
      ? serverMessage(actions.extending.error, SUBSCRIPTION_MESSAGES.selectionFailed)
      : actions.switching.error ? serverMessage(actions.switching.error, switchFailed) : undefined);

  const actionOf = (plan: Plan): PlanAction | undefined => {
    if (!canAct || heldByPlatform) return undefined;
    if (plan.tier === 'free') {
      return church.subscription_tier === 'free'
        ? { label: t('subscription.extendTrial'), onClick: actions.extendTrial, loading: actions.extending.isPending }
        : { label: t('subscription.switchToFree'), onClick: switchConfirm.open };
    }
    const tier = plan.tier === 'premium' ? 'premium' : 'basic';
    const kind = orderKind(church, tier);
    const label = pending && church.subscription_tier === tier
      ? t('subscription.retryPayment') : t('subscription.choosePlan', { plan: planText(t, plan.name) });
    return {
      label,
      disabledReason: kind.allowed ? undefined : localized(t, kind.message),
      loading: actions.paying.isPending && actions.paying.variables?.plan_type === tier,
      onClick: () => pay(tier, 'plans'),
    };
  };

  // Keep the session's copy of the church in step, so the route guards decide on fresh facts.
  useEffect(() => {
    const fresh = current.data?.church;
    if (fresh) utils.auth.verify.setData(undefined, (old) => (old ? { ...old, church: fresh } : old));
  }, [current.data, utils]);

  // Home once the session's church is valid: the same facts the route guards decide on (the effect
  // above copies a fresh answer into the session), so the two never send the user back and forth.
  // A valid session is confirmed by a fresh answer first; one that turns out invalid shows the wall.
  if (session.church.subscription.valid && current.data?.church.subscription.valid !== false) {
    if (changedHere) return <PlanChanged current={current.data} message={changedHere} />;
    if (!managing) return current.isPending || changing ? <FullPageLoader label={t('subscription.loadingSubscription')} /> : <Navigate to="/" replace />;
  }

  const { reason, message } = church.subscription;
  const refusal = reason in REFUSALS ? t(REFUSALS[reason]) : localized(t, message);
  const renewLink = mailto(SUPPORT_EMAIL, `${MESSAGES.renewMailSubject} (${church.code})`);

  return (
    <Container component="main" size="lg" py="xl" px="md">
      <Stack gap="lg">
        <Group justify="space-between" wrap="nowrap" gap="sm">
          <Group gap="sm" wrap="nowrap" miw={0}>
            <IconBuildingChurch size={28} stroke={1.5} aria-hidden />
            <Stack gap={0} miw={0}>
              <Text fw={700} truncate="end">{church.name}</Text>
              <Text size="sm" c="dimmed">{t('subscription.churchCode', { code: church.code })}</Text>
            </Stack>
          </Group>
          {/* A church that cannot use the app still chooses its language here (saved as the user's own). */}
          <LanguagePicker onChange={saveLanguage} />
        </Group>

        <Title order={1} size="h2">{t('subscription.title')}</Title>

        {church.subscription.valid ? null : (
          <Alert color="orange" variant="light" icon={<IconAlertTriangle size={18} />} title={refusal} role="alert">
            {heldByPlatform ? t('subscription.operatorStatus')
              : canAct ? t(pending ? 'subscription.pendingPayment' : 'subscription.choosePlanBelow') : t('subscription.onlySuperAdmin')}
            {canAct && pending ? (
              <Group mt="sm" gap="sm">
                <Button
                  styles={WRAPPING_BUTTON_STYLES}
                  size="sm"
                  onClick={() => pay(church.subscription_tier === 'premium' ? 'premium' : 'basic', 'retry')}
                  loading={actions.paying.isPending}
                >
                  {t('subscription.retryPayment')}
                </Button>
                <Button styles={WRAPPING_BUTTON_STYLES} size="sm" variant="default" onClick={switchConfirm.open}>{t('subscription.switchToFree')}</Button>
              </Group>
            ) : null}
          </Alert>
        )}
        {actionError ? (
          <Alert color="red" variant="light" icon={<IconAlertCircle size={18} />} role="alert">{actionError}</Alert>
        ) : null}

        {current.isPending ? <Skeleton height={120} radius="md" /> : null}
        {current.isError ? <QueryErrorState query={current} title={t('subscription.subscriptionLoadFailed')} /> : null}
        {current.data ? <CurrentPlan current={current.data} /> : null}

        <Stack gap="sm">
          <Title order={2} size="h3">{t('subscription.plans')}</Title>
          <PlanList currentTier={church.subscription_tier} actionOf={actionOf} />
        </Stack>
        <Text size="sm" c="dimmed">
          {t('subscription.questions')} <Anchor href={renewLink} size="sm"><IconMail size={14} aria-hidden /> {t('subscription.contactSupport')}</Anchor>
        </Text>
        {church.subscription.valid ? (
          <Button styles={WRAPPING_BUTTON_STYLES} component={Link} to="/" variant="default" w="fit-content">{t('subscription.backToDashboard')}</Button>
        ) : (
          <Button styles={WRAPPING_BUTTON_STYLES} variant="default" leftSection={<IconLogout size={16} />} onClick={confirm.open} w="fit-content">
            {t('subscription.logoutLater')}
          </Button>
        )}
      </Stack>

      <ConfirmDialog
        opened={switchOpened}
        title={t('subscription.switchTitle')}
        confirmLabel={t('subscription.switchToFree')}
        pending={actions.switching.isPending}
        error={actions.switching.error ? localized(t, serverMessage(actions.switching.error, switchFailed)) : null}
        onClose={switchConfirm.close}
        onConfirm={actions.switchToFree}
      >
        {t('subscription.switchConfirm')}
      </ConfirmDialog>
      <Modal opened={confirmOpened} onClose={confirm.close} title={t('common.logout')} centered>
        <Stack>
          <Text>{t('subscription.logoutConfirm')}</Text>
          <Group justify="flex-end">
            <Button variant="default" onClick={confirm.close}>{t('common.cancel')}</Button>
            <Button color="red" loading={loggingOut} onClick={() => void logout()}>{t('common.logout')}</Button>
          </Group>
        </Stack>
      </Modal>
    </Container>
  );
}
