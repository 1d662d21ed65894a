import { useState } from 'react';
import { Alert, Button, Card, Checkbox, Select, Stack, Text, Title } from '@mantine/core';
import { addDays } from '../../../../common/dates';
import { isoWeekdayOf } from '../../../../common/substitutes';
import { classLabel } from '../../lib/class-label';
import { serverMessage } from '../../lib/errors';
import { formatCalendarDateIn } from '../../lib/format';
import { localized, useLanguage, useT } from '../../lib/i18n';
import { notify } from '../../lib/notify';
import { trpc } from '../../lib/trpc';
import './messages';

/** How many coming class days the teacher may choose from. */
const DAYS_OFFERED = 8;

/** The next class days from today (today included when it is one). */
function comingClassDays(today: string, classDays: readonly number[], count = DAYS_OFFERED): string[] {
  const days: string[] = [];
  for (let i = 0; i < 7 * count && days.length < count; i++) {
    const d = addDays(today, i);
    if (classDays.includes(isoWeekdayOf(d))) days.push(d);
  }
  return days;
}

/** "Can't come": the teacher picks a coming class day and their classes, and reports it. */
export function CantComeCard({ today, classDays }: { today: string; classDays: readonly number[] }) {
  const t = useT();
  const locale = useLanguage();
  const utils = trpc.useUtils();
  const mine = trpc.classes.myClasses.useQuery();
  const days = comingClassDays(today, classDays);
  const [date, setDate] = useState<string | null>(null);
  const [chosen, setChosen] = useState<string[]>([]);
  const report = trpc.substitutes.report.useMutation({
    onSuccess: (result) => {
      notify({ color: 'green', message: localized(t, result.message) });
      setChosen([]);
      void Promise.all([utils.substitutes.upcoming.invalidate(), utils.substitutes.rota.invalidate()]);
    },
  });
  const day = date ?? days[0] ?? null;
  const classes = mine.data ?? [];
  // One class of their own: it is the one reported, no choice to make.
  const classIds = classes.length === 1 ? [classes[0].id] : chosen;

  if (mine.isSuccess && classes.length === 0) return null;
  return (
    <Card withBorder padding="md" component="section" aria-labelledby="cant-come-title" data-testid="cant-come">
      <Stack gap="sm">
        <Title order={2} size="h4" id="cant-come-title">{t('substitutes.cantCome.title')}</Title>
        <Text size="sm" c="dimmed">{t('substitutes.cantCome.hint')}</Text>
        <Select
          label={t('substitutes.cantCome.date')}
          data={days.map((d) => ({ value: d, label: formatCalendarDateIn(locale, d) }))}
          value={day}
          onChange={setDate}
          allowDeselect={false}
          maw={360}
          data-testid="cant-come-date"
        />
        {classes.length > 1 ? (
          <Checkbox.Group label={t('substitutes.cantCome.classes')} value={chosen} onChange={setChosen}>
            <Stack gap={6} mt={4}>
              {classes.map((c) => <Checkbox key={c.id} value={c.id} label={classLabel(c)} />)}
            </Stack>
          </Checkbox.Group>
        ) : null}
        {report.error ? (
          <Alert color="red" role="alert">{localized(t, serverMessage(report.error, t('substitutes.cantCome.failed')))}</Alert>
        ) : null}
        <Button
          onClick={() => day && report.mutate({ date: day, class_ids: classIds })}
          loading={report.isPending}
          disabled={!day || classIds.length === 0 || !mine.isSuccess}
          style={{ alignSelf: 'flex-start', maxWidth: '100%' }}
          styles={{ label: { whiteSpace: 'normal' } }}
          h="auto" mih={36} py={6}
        >
          {t('substitutes.cantCome.submit')}
        </Button>
      </Stack>
    </Card>
  );
}
