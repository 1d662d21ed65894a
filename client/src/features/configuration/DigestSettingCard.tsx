import { Alert, Card, Skeleton, Stack, Switch, Text, Title } from '@mantine/core';
import { IconAlertCircle } from '@tabler/icons-react';
import { QueryErrorState } from '../../components/ErrorState';
import { serverMessage } from '../../lib/errors';
import { localized, useT } from '../../lib/i18n';
import { notify } from '../../lib/notify';
import { trpc } from '../../lib/trpc';
import './messages';

/**
 * The signed-in principal's or super admin's own weekly digest mail, on or off (saved as the switch
 * moves). It is theirs alone: another manager's setting is not changed.
 */
export function DigestSettingCard() {
  const t = useT();
  const utils = trpc.useUtils();
  const setting = trpc.digest.setting.useQuery();
  const save = trpc.digest.setSetting.useMutation({
    onSuccess: (saved) => {
      utils.digest.setting.setData(undefined, saved);
      notify({ color: 'green', message: t(saved.weekly_digest ? 'configuration.digest.on' : 'configuration.digest.off') });
    },
  });
  const checked = save.isPending ? save.variables.weekly_digest : setting.data?.weekly_digest ?? false;

  return (
    <Card withBorder padding="lg">
      <Stack gap="md">
        <Stack gap={4}>
          <Title order={2} size="h4">{t('configuration.digest.title')}</Title>
          <Text size="sm" c="dimmed">{t('configuration.digest.description')}</Text>
        </Stack>
        {setting.isPending ? <Skeleton height={24} maw={320} aria-busy="true" /> : null}
        {setting.isError ? <QueryErrorState query={setting} title={t('configuration.digest.loadFailed')} /> : null}
        {setting.data ? (
          <Switch
            label={t('configuration.digest.label')}
            checked={checked}
            disabled={save.isPending}
            onChange={(event) => save.mutate({ weekly_digest: event.currentTarget.checked })}
          />
        ) : null}
        {save.isError ? (
          <Alert color="red" variant="light" icon={<IconAlertCircle size={18} />} role="alert">
            {localized(t, serverMessage(save.error, t('configuration.digest.saveFailed')))}
          </Alert>
        ) : null}
      </Stack>
    </Card>
  );
}
