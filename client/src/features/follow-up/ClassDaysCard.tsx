import { useState } from 'react';
import { Alert, Button, Card, Checkbox, Group, Skeleton, Stack, Text, Title } from '@mantine/core';
import { IconAlertCircle } from '@tabler/icons-react';
import { ISO_WEEKDAYS } from '../../../../common/follow-up';
import { followUpSettingsInput } from '../../../../common/schemas/follow-up';
import { QueryErrorState } from '../../components/ErrorState';
import { WRAPPING_BUTTON_STYLES } from '../../components/wrapping-button';
import { serverMessage } from '../../lib/errors';
import { localized, useLanguage, useT } from '../../lib/i18n';
import { weekdayNames } from '../../lib/months';
import { notify } from '../../lib/notify';
import { trpc } from '../../lib/trpc';
import './messages';

/**
 * The Configuration screen's class days (principals and super admins, beside the follow-up setting):
 * the weekdays the Sunday School meets, Sunday unless chosen otherwise. Follow-up counts absences at
 * roll calls of these days only; the list applies them at once.
 */
export function ClassDaysCard() {
  const t = useT();
  const locale = useLanguage();
  const utils = trpc.useUtils();
  const settings = trpc.followUp.settings.useQuery();
  const save = trpc.followUp.updateSettings.useMutation({
    onSuccess: async (saved) => {
      notify({ color: 'green', message: t('followup.classDays.saved') });
      utils.followUp.settings.setData(undefined, saved);
      setChosen(undefined);
      await utils.followUp.invalidate();
    },
  });
  const [chosen, setChosen] = useState<string[] | undefined>(undefined);
  const [problem, setProblem] = useState<string | null>(null);
  // Monday first, as the week is written in India; names in the reader's language.
  const names = weekdayNames(locale);
  const shown = chosen ?? settings.data?.class_days.map(String) ?? [];

  return (
    <Card withBorder padding="lg" data-testid="class-days-card">
      <form
        noValidate
        aria-label={t('followup.classDays.title')}
        onSubmit={(event) => {
          event.preventDefault();
          if (!settings.data) return;
          if (shown.length === 0) {
            setProblem(t('followup.classDays.none'));
            return;
          }
          const parsed = followUpSettingsInput.safeParse({ absences_in_a_row: settings.data.absences_in_a_row, class_days: shown.map(Number) });
          if (!parsed.success) {
            setProblem(localized(t, parsed.error.issues[0].message));
            return;
          }
          setProblem(null);
          save.mutate(parsed.data);
        }}
      >
        <Stack gap="sm">
          <Title order={2} size="h4">{t('followup.classDays.title')}</Title>
          <Text size="sm" c="dimmed">{t('followup.classDays.description')}</Text>
          {settings.isPending ? <Skeleton height={36} /> : null}
          {settings.isError ? <QueryErrorState query={settings} title={t('followup.loadFailed')} /> : null}
          {settings.data ? (
            <Checkbox.Group
              value={shown}
              onChange={(value) => { setChosen(value); setProblem(null); save.reset(); }}
              label={t('followup.classDays.title')}
              error={problem}
            >
              <Group gap="md" mt={6}>
                {ISO_WEEKDAYS.map((day) => (
                  <Checkbox key={day} value={String(day)} label={names[day % 7].full} disabled={save.isPending} />
                ))}
              </Group>
            </Checkbox.Group>
          ) : null}
          {save.isError ? (
            <Alert color="red" variant="light" icon={<IconAlertCircle size={18} />} role="alert">
              {serverMessage(save.error, t('followup.setting.saveFailed'))}
            </Alert>
          ) : null}
          {settings.data ? (
            <Group justify="flex-end">
              <Button type="submit" loading={save.isPending} styles={WRAPPING_BUTTON_STYLES}>{t('followup.classDays.save')}</Button>
            </Group>
          ) : null}
        </Stack>
      </form>
    </Card>
  );
}
