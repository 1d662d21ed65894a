import { useState } from 'react';
import { Alert, Button, Card, Group, NumberInput, Skeleton, Stack, Text, Title } from '@mantine/core';
import { IconAlertCircle } from '@tabler/icons-react';
import { FOLLOW_UP_ABSENCES as N } from '../../../../common/follow-up';
import { followUpSettingsInput } from '../../../../common/schemas/follow-up';
import { QueryErrorState } from '../../components/ErrorState';
import { serverMessage } from '../../lib/errors';
import { localized, useT } from '../../lib/i18n';
import { notify } from '../../lib/notify';
import { trpc } from '../../lib/trpc';
import './messages';

/**
 * The Configuration screen's follow-up setting (principals and super admins; the screen shows it to
 * those who may change it): after how many marked Sundays absent in a row a child is followed up.
 * The shared schema checks the number before it is sent; the list applies it at once.
 */
export function FollowUpSettingCard() {
  const t = useT();
  const utils = trpc.useUtils();
  const settings = trpc.followUp.settings.useQuery();
  const [value, setValue] = useState<string | number | undefined>(undefined);
  const [error, setError] = useState<string | undefined>(undefined);
  const save = trpc.followUp.updateSettings.useMutation({
    onSuccess: async (saved) => {
      notify({ color: 'green', message: t('followup.setting.saved') });
      utils.followUp.settings.setData(undefined, saved);
      await utils.followUp.invalidate();
    },
  });
  const shown = value ?? settings.data?.absences_in_a_row ?? '';

  return (
    <Card withBorder padding="lg">
      <form
        noValidate
        aria-label={t('followup.setting.title')}
        onSubmit={(event) => {
          event.preventDefault();
          const parsed = followUpSettingsInput.safeParse({ absences_in_a_row: shown });
          if (!parsed.success) {
            setError(parsed.error.issues[0]?.message);
            return;
          }
          save.mutate(parsed.data);
        }}
      >
        <Stack gap="md">
          <Stack gap={4}>
            <Title order={2} size="h4">{t('followup.setting.title')}</Title>
            <Text size="sm" c="dimmed">{t('followup.setting.description')}</Text>
          </Stack>
          {settings.isPending ? <Skeleton height={36} maw={320} aria-busy="true" /> : null}
          {settings.isError ? <QueryErrorState query={settings} title={t('followup.loadFailed')} /> : null}
          {settings.data ? (
            <NumberInput
              label={t('followup.setting.label')}
              min={N.min}
              max={N.max}
              allowDecimal={false}
              allowNegative={false}
              maw={320}
              value={shown}
              onChange={(next) => {
                setValue(next);
                setError(undefined);
                if (save.isError) save.reset();
              }}
              error={localized(t, error)}
            />
          ) : null}
          {save.isError ? (
            <Alert color="red" variant="light" icon={<IconAlertCircle size={18} />} role="alert">
              {localized(t, serverMessage(save.error, t('followup.setting.saveFailed')))}
            </Alert>
          ) : null}
          <Group gap="sm">
            <Button type="submit" loading={save.isPending} disabled={!settings.data}>{t('followup.setting.save')}</Button>
          </Group>
        </Stack>
      </form>
    </Card>
  );
}
