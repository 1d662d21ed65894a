import { useState } from 'react';
import { Alert, Button, Group, Select, Skeleton, Stack, Text } from '@mantine/core';
import { IconAlertCircle } from '@tabler/icons-react';
import { followingYear, rolloverOfferedFrom, turningYears } from '../../../../common/rollover';
import { QueryErrorState } from '../../components/ErrorState';
import { WRAPPING_BUTTON_STYLES } from '../../components/wrapping-button';
import { serverMessage } from '../../lib/errors';
import { localized, useLanguage, useT } from '../../lib/i18n';
import { monthNameIn, monthOptionsIn } from '../../lib/months';
import { notify } from '../../lib/notify';
import { trpc } from '../../lib/trpc';
import { churchToday, useSignedInSession } from '../auth';
import { useMonthOfYear } from './month-label';
import './messages';

/** The select's value for "the academic year's start month" (no month stored). */
const START = 'start';

const monthOf = (value: string): number | null => (value === START ? null : Number(value));

/**
 * The rollover month, in the "New academic year" card (those who may roll the year over): the month
 * from which the rollover into the next academic year is offered, the academic year's start month
 * unless chosen. Under it, what the chosen month means today: which rollover is offered from when, and
 * from when the next one is (the server's rule, common/rollover.ts, on the church's today).
 */
export function RolloverMonthSetting() {
  const t = useT();
  const language = useLanguage();
  const monthLabel = useMonthOfYear();
  const { church } = useSignedInSession();
  const utils = trpc.useUtils();
  const settings = trpc.rollover.settings.useQuery();
  const [chosen, setChosen] = useState<string | undefined>(undefined);
  const save = trpc.rollover.updateSettings.useMutation({
    onSuccess: async (saved) => {
      notify({ color: 'green', message: localized(t, saved.message) });
      utils.rollover.settings.setData(undefined, saved);
      setChosen(undefined);
      await utils.rollover.proposal.invalidate();
    },
  });

  if (settings.isPending) {
    return <Skeleton height={36} maw={320} aria-label={t('configuration.rollover.monthLoading')} />;
  }
  if (settings.isError) return <QueryErrorState query={settings} title={t('configuration.rollover.monthLoadFailed')} />;

  const data = settings.data;
  const stored = data.rollover_month === null ? START : String(data.rollover_month).padStart(2, '0');
  const value = chosen ?? stored;
  const month = monthOf(value);
  const { fromYear, toYear } = turningYears(churchToday(church), data.start_month, month);
  const options = [
    { value: START, label: t('configuration.rollover.monthStart', { month: monthNameIn(language, String(data.start_month)) }) },
    ...monthOptionsIn(language),
  ];

  return (
    <form
      noValidate
      aria-label={t('configuration.rollover.monthLabel')}
      onSubmit={(event) => { event.preventDefault(); save.mutate({ rollover_month: month }); }}
    >
      <Stack gap="xs" data-testid="rollover-month">
        <Select
          label={t('configuration.rollover.monthLabel')}
          description={t('configuration.rollover.monthHint')}
          data={options}
          value={value}
          allowDeselect={false}
          maw={360}
          disabled={save.isPending}
          onChange={(next) => { if (next) { setChosen(next); save.reset(); } }}
        />
        <Text size="sm" aria-live="polite" data-testid="rollover-month-example">
          {t('configuration.rollover.monthExample', {
            fromYear, toYear, since: monthLabel(rolloverOfferedFrom(toYear, data.start_month, month)),
            nextYear: followingYear(toYear), next: monthLabel(rolloverOfferedFrom(followingYear(toYear), data.start_month, month)),
          })}
        </Text>
        {save.isError ? (
          <Alert color="red" variant="light" icon={<IconAlertCircle size={18} />} role="alert">
            {localized(t, serverMessage(save.error, t('configuration.rollover.monthSaveFailed')))}
          </Alert>
        ) : null}
        <Group>
          <Button type="submit" variant="default" loading={save.isPending} disabled={value === stored} styles={WRAPPING_BUTTON_STYLES}>
            {t('configuration.rollover.monthSave')}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
