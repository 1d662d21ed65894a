import { useState } from 'react';
import { Button, Code, Group, Stack, Text, Title } from '@mantine/core';
import { IconArrowUpRight, IconReceipt } from '@tabler/icons-react';
import { Link } from 'react-router-dom';
import { ScreenBoundary } from '../../components/ScreenBoundary';
import { useT } from '../../lib/i18n';
import { useCan, useSignedInSession } from '../auth';
import { ROLE_DASHBOARDS } from './role-dashboards';
import { UsageCard } from './UsageCard';
import { TodayCard } from './TodayCard';
import { FollowUpSummaryCard } from '../follow-up';
import { ConsentSummaryCard } from '../consent';
import { CircularsCard } from '../association-membership';
import { hasPaidPlan, MANAGE_PLAN_STATE, UpgradeDialog } from '../subscription';
import './messages';

/** Overview, the home of every role at /. */
export function DashboardHome() {
  const t = useT();
  const { user, church } = useSignedInSession();
  const dashboard = ROLE_DASHBOARDS[user.role];
  const [upgradeOpened, setUpgradeOpened] = useState(false);
  const [upgradeRequested, setUpgradeRequested] = useState(false);
  const managesPlan = useCan('managePlan');
  // The upgrade path: free to basic or premium, basic to premium.
  const canUpgrade = managesPlan && !church.is_lifetime
    && (church.subscription_tier === 'free' || church.subscription_tier === 'basic');
  // A paid plan is managed (moved to the Free Trial) on the subscription page.
  const canManage = managesPlan && hasPaidPlan(church);
  // The follow-up figures of every class: for those who oversee the whole church (who configure it).
  const overseesFollowUp = useCan('configureFollowUp');
  const seesConsentSummary = useCan('viewConsentSummary');
  // The day at a glance: for those who take or oversee the roll call.
  const seesToday = useCan('markAttendance');
  // The association's circulars to the church: for its principals and super admins.
  const readsCirculars = useCan('readCirculars');

  return (
    <Stack gap="lg" maw={960}>
      <Stack gap={4}>
        <Title order={1} size="h2">{t(dashboard.title)}</Title>
        <Text c="dimmed">
          {church.name} · {t('dashboard.churchCode')} <Code data-testid="church-code">{church.code}</Code>
        </Text>
        <Text size="sm" c="dimmed">{t('dashboard.signedInAs', { name: user.name, role: t(dashboard.roleLabel) })}</Text>
      </Stack>
      {seesToday ? (
        <ScreenBoundary fallback={null}>
          <TodayCard />
        </ScreenBoundary>
      ) : null}
      {overseesFollowUp ? (
        <ScreenBoundary fallback={null}>
          <FollowUpSummaryCard />
        </ScreenBoundary>
      ) : null}
      {seesConsentSummary ? (
        <ScreenBoundary fallback={null}>
          <ConsentSummaryCard />
        </ScreenBoundary>
      ) : null}
      {readsCirculars ? (
        <ScreenBoundary fallback={null}>
          <CircularsCard />
        </ScreenBoundary>
      ) : null}
      {/* The plan comes last: the day's work first. */}
      {canUpgrade || canManage ? (
        <Group>
          {canUpgrade ? <Button
            variant="light"
            leftSection={<IconArrowUpRight size={16} />}
            onClick={() => {
              setUpgradeRequested(true);
              setUpgradeOpened(true);
            }}
          >
            {t('dashboard.upgradePlan')}
          </Button> : null}
          {canManage ? (
            <Button component={Link} to="/subscription" state={MANAGE_PLAN_STATE} variant="default" leftSection={<IconReceipt size={16} />}>{t('dashboard.managePlan')}</Button>
          ) : null}
        </Group>
      ) : null}
      <UsageCard />
      {upgradeRequested ? (
        <ScreenBoundary fallback={null}>
          <UpgradeDialog church={church} opened={upgradeOpened} onClose={() => setUpgradeOpened(false)} />
        </ScreenBoundary>
      ) : null}
    </Stack>
  );
}
