import { useState } from 'react';
import { Alert, Button, Card, Group, NumberInput, Skeleton, Stack, Text, Title } from '@mantine/core';
import { IconAlertCircle } from '@tabler/icons-react';
import { RETENTION_YEARS } from '../../../../common/consent';
import { retentionInput } from '../../../../common/schemas/privacy';
import { QueryErrorState } from '../../components/ErrorState';
import { serverMessage } from '../../lib/errors';
import { localized, useT } from '../../lib/i18n';
import { notify } from '../../lib/notify';
import { trpc } from '../../lib/trpc';
import './messages';

/**
 * The Configuration screen's "Data retention" card (principals and super admins): how many years a
 * child not seen is kept before being offered for erasure. The shared schema checks the number
 * before it is sent; the list of children to review follows at once.
 */
export function RetentionCard() {
  const t = useT();
  const utils = trpc.useUtils();
  const setting = trpc.privacy.retention.useQuery();
  const [value, setValue] = useState<string | number | undefined>(undefined);
  const [error, setError] = useState<string | undefined>(undefined);
  const save = trpc.privacy.updateRetention.useMutation({
    onSuccess: async (saved) => {
      notify({ color: 'green', message: t('privacy.retention.saved') });
      utils.privacy.retention.setData(undefined, saved);
      await utils.privacy.erasureCandidates.invalidate();
    },
  });
  const shown = value ?? setting.data?.years ?? '';

  return (
    <Card withBorder padding="lg">
      <form
        noValidate
        aria-label={t('privacy.retention.title')}
        onSubmit={(event) => {
          event.preventDefault();
          const parsed = retentionInput.safeParse({ years: shown });
          if (!parsed.success) {
            setError(parsed.error.issues[0]?.message);
            return;
          }
          save.mutate(parsed.data);
        }}
      >
        <Stack gap="md">
          <Stack gap={4}>
            <Title order={2} size="h4">{t('privacy.retention.title')}</Title>
            <Text size="sm" c="dimmed">{t('privacy.retention.description')}</Text>
          </Stack>
          {setting.isPending ? <Skeleton height={36} maw={320} aria-busy="true" /> : null}
          {setting.isError ? <QueryErrorState query={setting} title={t('privacy.retention.loadFailed')} /> : null}
          {setting.data ? (
            <NumberInput
              label={t('privacy.retention.label')}
              min={RETENTION_YEARS.min}
              max={RETENTION_YEARS.max}
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
              {localized(t, serverMessage(save.error, t('privacy.retention.saveFailed')))}
            </Alert>
          ) : null}
          <Group gap="sm">
            <Button type="submit" loading={save.isPending} disabled={!setting.data}>{t('privacy.retention.save')}</Button>
          </Group>
        </Stack>
      </form>
    </Card>
  );
}
