import { Alert, Anchor, Button, Card, Group, Skeleton, Stack, Text, Title } from '@mantine/core';
import { IconAlertCircle } from '@tabler/icons-react';
import { Link } from 'react-router-dom';
import { QueryErrorState } from '../../components/ErrorState';
import { classLabel } from '../../lib/class-label';
import { serverMessage } from '../../lib/errors';
import { formatCalendarDateIn } from '../../lib/format';
import { localized, useLanguage, useT } from '../../lib/i18n';
import { notify } from '../../lib/notify';
import { trpc } from '../../lib/trpc';
import { safetyCardPath } from '../safety-card';
import './messages';

/**
 * "Children to review": the children not seen for the church's retention years. Keep offers a child
 * again a year from now; erasing is done on the child's card, after typing the name.
 */
export function ErasureCandidatesCard() {
  const t = useT();
  const language = useLanguage();
  const utils = trpc.useUtils();
  const list = trpc.privacy.erasureCandidates.useQuery();
  const keep = trpc.privacy.keep.useMutation({
    onSuccess: async () => {
      notify({ color: 'green', message: t('privacy.retention.kept') });
      await utils.privacy.erasureCandidates.invalidate();
    },
  });

  return (
    <Card withBorder padding="lg" data-testid="erasure-candidates">
      <Stack gap="md">
        <Stack gap={4}>
          <Title order={2} size="h4">{t('privacy.retention.candidatesTitle')}</Title>
          {list.data ? <Text size="sm" c="dimmed">{t('privacy.retention.candidatesDescription', { years: list.data.years })}</Text> : null}
        </Stack>
        {list.isPending ? <Stack gap="xs" aria-busy="true">{[0, 1].map((i) => <Skeleton key={i} height={44} />)}</Stack> : null}
        {list.isError ? <QueryErrorState query={list} title={t('privacy.retention.candidatesLoadFailed')} /> : null}
        {list.data?.candidates.length === 0 ? <Text c="dimmed">{t('privacy.retention.none')}</Text> : null}
        {list.data?.candidates.length ? (
          <Stack component="ul" gap="sm" m={0} p={0} style={{ listStyle: 'none' }}>
            {list.data.candidates.map((c) => (
              <Group component="li" key={c.student_id} justify="space-between" wrap="wrap" gap="xs" data-testid="erasure-candidate">
                <Stack gap={0} style={{ minWidth: 0 }}>
                  <Text fw={600} style={{ overflowWrap: 'anywhere' }}>{c.name}</Text>
                  <Text size="sm" c="dimmed">
                    {classLabel({ class_name: c.class_name, section: c.class_section })} · {c.last_seen
                      ? t('privacy.retention.lastSeen', { date: formatCalendarDateIn(language, c.last_seen) })
                      : t('privacy.retention.neverSeen', { date: formatCalendarDateIn(language, c.created_at.slice(0, 10)) })}
                  </Text>
                </Stack>
                <Group gap="xs">
                  <Button size="xs" variant="light" loading={keep.isPending && keep.variables.id === c.student_id}
                    onClick={() => keep.mutate({ id: c.student_id })}>
                    {t('privacy.retention.keep')}
                  </Button>
                  <Anchor component={Link} to={safetyCardPath(c.student_id)} size="sm">{t('privacy.retention.openCard')}</Anchor>
                </Group>
              </Group>
            ))}
          </Stack>
        ) : null}
        {keep.isError ? (
          <Alert color="red" variant="light" icon={<IconAlertCircle size={18} />} role="alert">
            {localized(t, serverMessage(keep.error, t('privacy.retention.keepFailed')))}
          </Alert>
        ) : null}
      </Stack>
    </Card>
  );
}
