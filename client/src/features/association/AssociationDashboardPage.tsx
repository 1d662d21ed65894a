import type { ReactNode } from 'react';
import { Alert, Anchor, Group, Paper, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { IconInfoCircle } from '@tabler/icons-react';
import { Link } from 'react-router-dom';
import { QueryErrorState } from '../../components/ErrorState';
import { TableSkeleton } from '../../components/TableSkeleton';
import { ASSOCIATION_PATH } from '../../lib/association-path';
import { useT } from '../../lib/i18n';
import { trpc } from '../../lib/trpc';
import { useOfficerCan, useOfficerSession } from './useAssociationSession';
import { CircularSummary } from './CircularsPage';
import './messages';

/** How many of the latest circulars the dashboard lists. */
const LATEST_CIRCULARS = 3;

interface AssociationDashboardPageProps {
  /**
   * The member churches' totals and trend (association.totals, association.trend and their CSV),
   * built apart: rendered in its own section below the overview, for the officers who may see the
   * members. Without it the dashboard shows the overview only.
   */
  totals?: ReactNode;
}

/** The members' counts and the latest circulars, for the officers who may see the members. */
function Overview() {
  const t = useT();
  const members = trpc.association.members.useQuery();
  const circulars = trpc.association.circulars.useQuery();
  const sections = trpc.association.sections.useQuery();
  const active = members.data?.filter((m) => m.status === 'active').length ?? 0;
  const invited = members.data?.filter((m) => m.status === 'invited').length ?? 0;
  return (
    <SimpleGrid cols={{ base: 1, md: 2 }} spacing="md">
      <Paper withBorder p="md" radius="md" component="section" aria-labelledby="members-card">
        <Stack gap="xs">
          <Title order={2} size="h4" id="members-card">{t('association.dashboard.members')}</Title>
          {members.isPending ? <TableSkeleton rows={1} label={t('association.members.loading')} /> : null}
          {members.isError ? <QueryErrorState query={members} title={t('association.dashboard.loadFailed')} /> : null}
          {members.data ? (
            <>
              <Text size="xl" fw={700} data-testid="member-count">{t('association.dashboard.memberCount', { count: active })}</Text>
              <Text size="sm" c="dimmed" data-testid="invited-count">{t('association.dashboard.invitedCount', { count: invited })}</Text>
            </>
          ) : null}
          <Anchor component={Link} to={`${ASSOCIATION_PATH}/members`} size="sm">{t('association.dashboard.manageMembers')}</Anchor>
        </Stack>
      </Paper>
      <Paper withBorder p="md" radius="md" component="section" aria-labelledby="circulars-card">
        <Stack gap="xs">
          <Title order={2} size="h4" id="circulars-card">{t('association.dashboard.latestCirculars')}</Title>
          {circulars.isPending ? <TableSkeleton rows={2} label={t('association.circulars.loading')} /> : null}
          {circulars.isError ? <QueryErrorState query={circulars} title={t('association.circulars.loadFailed')} /> : null}
          {circulars.data && circulars.data.length === 0 ? <Text c="dimmed">{t('association.circulars.empty')}</Text> : null}
          {circulars.data?.slice(0, LATEST_CIRCULARS).map((circular) => (
            <CircularSummary key={circular.id} circular={circular} sections={sections.data ?? []} />
          ))}
          <Anchor component={Link} to={`${ASSOCIATION_PATH}/circulars`} size="sm">{t('association.dashboard.allCirculars')}</Anchor>
        </Stack>
      </Paper>
    </SimpleGrid>
  );
}

/**
 * The association's landing page: its name, kind and code, the officer, the members' counts and the
 * latest circulars; below them the place of the totals and trend (`totals`). A valuer sees a note
 * instead: none of these screens is theirs.
 */
export function AssociationDashboardPage({ totals }: AssociationDashboardPageProps) {
  const t = useT();
  const { association } = useOfficerSession();
  const viewMembers = useOfficerCan('viewMembers');
  return (
    <Stack gap="md">
      <Stack gap={2}>
        <Title order={1} style={{ overflowWrap: 'anywhere' }}>{association.name}</Title>
        <Group gap="xs">
          <Text c="dimmed">{t('association.kind', { kind: association.kind })}</Text>
          <Text c="dimmed">·</Text>
          <Text c="dimmed" data-testid="association-code">{t('association.code', { code: association.code })}</Text>
        </Group>
      </Stack>
      {viewMembers ? (
        <>
          <Overview />
          {totals ? <section data-testid="association-totals">{totals}</section> : null}
        </>
      ) : (
        <Alert color="blue" variant="light" icon={<IconInfoCircle size={18} />} data-testid="valuer-note">
          {t('association.valuerNote')}
        </Alert>
      )}
    </Stack>
  );
}
