import { useState } from 'react';
import { Alert, Button, Card, Divider, Group, Skeleton, Stack, Text, Title } from '@mantine/core';
import { IconAlertCircle, IconInfoCircle } from '@tabler/icons-react';
import { ConfirmDialog } from '../../components/ConfirmDialog';
import { QueryErrorState } from '../../components/ErrorState';
import { WRAPPING_BUTTON_STYLES } from '../../components/wrapping-button';
import { followingYear } from '../../../../common/rollover';
import { formatMomentIn } from '../../lib/format';
import { localized, useLanguage, useT } from '../../lib/i18n';
import { notify } from '../../lib/notify';
import { trpc } from '../../lib/trpc';
import { useMonthOfYear } from './month-label';
import type { Proposal } from './plan';
import { failureOfRollover, refusalOfRollover } from './refusals';
import { RolloverMonthSetting } from './RolloverMonthSetting';
import { Totals } from './Totals';
import { WizardLauncher } from './WizardLauncher';
import './messages';

/** What the rollover of the year that stands did, and its undo (or why there is none). */
function StandingRollover({ standing, next }: { standing: NonNullable<Proposal['standing']>; next: string }) {
  const t = useT();
  const monthLabel = useMonthOfYear();
  const language = useLanguage();
  const utils = trpc.useUtils();
  const [confirming, setConfirming] = useState(false);
  const undo = trpc.rollover.undo.useMutation({
    onSuccess: async (result) => {
      notify({ color: 'green', message: localized(t, result.message) });
      setConfirming(false);
      await Promise.all([
        utils.rollover.proposal.invalidate(), utils.classes.invalidate(), utils.students.invalidate(), utils.subscription.usage.invalidate(),
      ]);
    },
  });
  const years = { fromYear: standing.from_year, toYear: standing.to_year };
  const when = formatMomentIn(language, Date.parse(standing.created_at));

  return (
    <Stack gap="sm" data-testid="rollover-standing">
      <Text>
        {standing.created_by_name
          ? t('configuration.rollover.standing', { ...years, when, name: standing.created_by_name })
          : t('configuration.rollover.standingNoName', { ...years, when })}
      </Text>
      <Totals totals={standing.totals} />
      <Text size="sm" c="dimmed" data-testid="rollover-next">
        {t('configuration.rollover.nextOffered', { toYear: followingYear(standing.to_year), month: monthLabel(next) })}
      </Text>
      {standing.undo.possible ? (
        <Group>
          <Button variant="default" color="red" styles={WRAPPING_BUTTON_STYLES} onClick={() => { undo.reset(); setConfirming(true); }}>
            {t('configuration.rollover.undo')}
          </Button>
        </Group>
      ) : (
        <Alert color="gray" variant="light" icon={<IconInfoCircle size={18} />} data-testid="rollover-undo-refused">
          {'message' in standing.undo ? refusalOfRollover(t, standing, standing.undo) : null}
        </Alert>
      )}
      <ConfirmDialog
        opened={confirming}
        title={t('configuration.rollover.undoTitle', years)}
        confirmLabel={t('configuration.rollover.undo')}
        onConfirm={() => undo.mutate({ id: standing.id })}
        onClose={() => setConfirming(false)}
        pending={undo.isPending}
        error={undo.isError ? failureOfRollover(t, standing, undo.error, t('configuration.rollover.undoFailed')) : null}
      >
        {t('configuration.rollover.undoText', years)}
      </ConfirmDialog>
    </Stack>
  );
}

/**
 * "New academic year" on the Configuration screen (those who may roll the year over): the button that
 * opens the wizard while the rollover of the year turning is offered (from the church's rollover
 * month); once it is done, what it did, its undo and when the next one is offered; otherwise why there
 * is nothing to roll over. Under it, the rollover month.
 */
export function RolloverCard() {
  const t = useT();
  const proposal = trpc.rollover.proposal.useQuery();
  const [wizardOpened, setWizardOpened] = useState(false);
  const data = proposal.data;

  return (
    <Card withBorder padding="lg" data-testid="rollover-card">
      <Stack gap="md">
        <Stack gap={4}>
          <Title order={2} size="h4">{t('configuration.rollover.title')}</Title>
          <Text size="sm" c="dimmed">{t('configuration.rollover.description')}</Text>
        </Stack>
        {proposal.isPending ? (
          <Stack gap="xs" aria-busy="true" aria-label={t('configuration.rollover.loading')}>
            <Skeleton height={20} maw={420} />
            <Skeleton height={36} maw={260} />
          </Stack>
        ) : null}
        {proposal.isError ? <QueryErrorState query={proposal} title={t('configuration.rollover.loadFailed')} /> : null}
        {data?.standing ? <StandingRollover standing={data.standing} next={data.next_offered_from} /> : null}
        {data && !data.standing && data.refusal ? (
          <Alert color="gray" variant="light" icon={<IconAlertCircle size={18} />} data-testid="rollover-refusal">
            {refusalOfRollover(t, data, data.refusal)}
          </Alert>
        ) : null}
        {data?.offered ? (
          <Group>
            <Button styles={WRAPPING_BUTTON_STYLES} onClick={() => setWizardOpened(true)}>
              {t('configuration.rollover.start', { fromYear: data.from_year, toYear: data.to_year })}
            </Button>
          </Group>
        ) : null}
        <Divider />
        <RolloverMonthSetting />
      </Stack>
      {data?.offered && wizardOpened ? <WizardLauncher proposal={data} onClose={() => setWizardOpened(false)} /> : null}
    </Card>
  );
}
