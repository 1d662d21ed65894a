import { useState } from 'react';
import { Anchor, Button, Card, Group, SimpleGrid, Skeleton, Stack, Text, Title } from '@mantine/core';
import {
  IconBuildingChurch, IconBuildingCommunity, IconChartBar, IconFileSpreadsheet, IconUserCog,
} from '@tabler/icons-react';
import { Link } from 'react-router-dom';
import { ErrorState, QueryErrorState } from '../../../components/ErrorState';
import { formatCount } from '../../../lib/format';
import { notify } from '../../../lib/notify';
import { trpc } from '../../../lib/trpc';
import { localTimestamp } from '../shared/church-dates';
import { consolePath } from '../frame/console-nav';
import { downloadChurchesReport } from './download-report';
import { ADMIN_TEXTS, STAT_CARDS } from '../shared/texts';

/** Recent Activity shows the newest 5 audit entries. */
const RECENT_ACTIVITY_LIMIT = 5;

function StatCards() {
  const stats = trpc.admin.overview.stats.useQuery();
  if (stats.isError) return <QueryErrorState query={stats} title={ADMIN_TEXTS.statsFailed} />;
  return (
    <SimpleGrid cols={{ base: 1, xs: 2, md: 3, lg: 5 }} spacing="md">
      {STAT_CARDS.map((card) => (
        <Card key={card.key} withBorder padding="lg" data-testid={card.testId}>
          <Text size="sm" c="dimmed" fw={500}>{card.label}</Text>
          {stats.data ? (
            <Text fz={28} fw={700} lh={1.3} data-testid="stat-value">{formatCount(stats.data[card.key])}</Text>
          ) : (
            <Skeleton height={36} width={80} my={2} aria-label={`Loading ${card.label}`} />
          )}
          <Text size="xs" c="dimmed">
            {card.key === 'totalAssociations' && stats.data
              ? `${formatCount(stats.data.associationMemberChurches)} member churches · ${formatCount(stats.data.activeAssociations)} active`
              : card.caption}
          </Text>
        </Card>
      ))}
    </SimpleGrid>
  );
}

function RecentActivity() {
  const activity = trpc.admin.auditLogs.list.useQuery({ limit: RECENT_ACTIVITY_LIMIT });
  const allPath = consolePath('auditLogs');
  return (
    <Card withBorder padding="lg" data-testid="recent-activity">
      <Group justify="space-between" mb="sm">
        <Title order={2} size="h4">{ADMIN_TEXTS.recentActivity}</Title>
        {allPath ? <Anchor component={Link} to={allPath} size="sm">{ADMIN_TEXTS.viewAll}</Anchor> : null}
      </Group>
      {activity.isPending ? (
        <Stack gap="xs" role="status" aria-label="Loading recent activity">
          {Array.from({ length: 3 }, (_, i) => <Skeleton key={i} height={36} radius="sm" />)}
        </Stack>
      ) : null}
      {activity.isError ? <QueryErrorState query={activity} title={ADMIN_TEXTS.activityFailed} /> : null}
      {activity.data?.length === 0 ? <Text c="dimmed" size="sm">{ADMIN_TEXTS.noRecentActivity}</Text> : null}
      {activity.data && activity.data.length > 0 ? (
        <Stack gap="sm" component="ul" m={0} p={0} style={{ listStyle: 'none' }}>
          {activity.data.map((entry) => (
            <li key={entry.id} data-testid="activity-entry">
              <Text size="sm" style={{ overflowWrap: 'anywhere' }}>{entry.description}</Text>
              <Text size="xs" c="dimmed" style={{ overflowWrap: 'anywhere' }}>
                {/* Which church the line is about (an operator's own entries name none). */}
                {entry.church_name ? <span data-testid="activity-church">{`${entry.church_name} (${entry.church_code ?? ''}) · `}</span> : null}
                {entry.association_name ? <span data-testid="activity-association">{`${entry.association_name} (${entry.association_code ?? ''}) · `}</span> : null}
                <time dateTime={entry.created_at}>{localTimestamp(entry.created_at)}</time>
              </Text>
            </li>
          ))}
        </Stack>
      ) : null}
    </Card>
  );
}

function QuickActions() {
  const [downloading, setDownloading] = useState(false);
  const [reportError, setReportError] = useState<string | null>(null);
  const actions = [
    { id: 'churches', label: 'Manage Churches', icon: IconBuildingChurch, path: consolePath('churches') },
    { id: 'associations', label: 'Manage Associations', icon: IconBuildingCommunity, path: consolePath('associations') },
    { id: 'users', label: 'Manage Users', icon: IconUserCog, path: consolePath('users') },
    { id: 'analytics', label: 'View Analytics', icon: IconChartBar, path: consolePath('analytics') },
  ] as const;

  const generateReport = async () => {
    setDownloading(true);
    setReportError(null);
    try {
      await downloadChurchesReport(ADMIN_TEXTS.reportFailed);
    } catch (error) {
      const message = error instanceof Error && error.message ? error.message : ADMIN_TEXTS.reportFailed;
      setReportError(message);
      notify({ color: 'red', message });
    } finally {
      setDownloading(false);
    }
  };

  return (
    <Card withBorder padding="lg">
      <Title order={2} size="h4" mb="sm">{ADMIN_TEXTS.quickActions}</Title>
      <Stack gap="sm">
        {actions.map(({ id, label, icon: Icon, path }) => (path ? (
          <Button key={id} component={Link} to={path} variant="light" justify="flex-start" leftSection={<Icon size={18} />}>
            {label}
          </Button>
        ) : null))}
        <Button
          variant="light"
          justify="flex-start"
          leftSection={<IconFileSpreadsheet size={18} />}
          loading={downloading}
          onClick={() => void generateReport()}
        >
          Generate Reports
        </Button>
        {reportError ? (
          <ErrorState title={ADMIN_TEXTS.reportFailed} message={reportError} onRetry={() => void generateReport()} retrying={downloading} />
        ) : null}
      </Stack>
    </Card>
  );
}

/** The console's Overview: platform figures, recent activity, quick actions. */
export function OverviewPage() {
  return (
    <Stack gap="lg" maw={1200}>
      <Title order={1} size="h2">{ADMIN_TEXTS.overviewTitle}</Title>
      <StatCards />
      <SimpleGrid cols={{ base: 1, md: 2 }} spacing="md">
        <RecentActivity />
        <QuickActions />
      </SimpleGrid>
    </Stack>
  );
}
