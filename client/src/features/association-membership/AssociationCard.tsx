import { useState } from 'react';
import { Alert, Badge, Button, Card, Group, Paper, Skeleton, Stack, Text, Title } from '@mantine/core';
import { IconAlertCircle } from '@tabler/icons-react';
import { ConfirmDialog } from '../../components/ConfirmDialog';
import { QueryErrorState } from '../../components/ErrorState';
import { WRAPPING_BUTTON_STYLES } from '../../components/wrapping-button';
import { serverMessage } from '../../lib/errors';
import { localized, useLanguage, useT, type MessageId } from '../../lib/i18n';
import { notify } from '../../lib/notify';
import { useCan } from '../auth';
import { useAssociationMembership, type Invitation, type Membership } from './api';
import { dayOf } from './dates';
import './messages';

const KIND_LABELS: Record<Membership['association_kind'], MessageId> = {
  diocese: 'membership.kind.diocese',
  district: 'membership.kind.district',
  region: 'membership.kind.region',
  association: 'membership.kind.association',
};

/**
 * The Association card of the Configuration screen (principals and super admins): the association
 * the church belongs to and the invitations it has. Answering (accept, decline) and leaving are the
 * church's decision, its super admin's; a principal sees the same card without the buttons.
 */
export function AssociationCard() {
  const t = useT();
  const language = useLanguage();
  const answers = useCan('answerAssociation');
  const { overview, accept, decline, leave } = useAssociationMembership();
  const [leaving, setLeaving] = useState(false);
  const data = overview.data;
  // The last answer's refusal (e.g. a member elsewhere), in the page's language when the catalogue has it.
  const answerFailed = accept.error ?? decline.error;
  const answering = accept.isPending || decline.isPending;

  const answer = (invitation: Invitation, accepted: boolean) => {
    accept.reset();
    decline.reset();
    const done = () => notify({
      color: 'green',
      message: t(accepted ? 'membership.invitation.accepted' : 'membership.invitation.declined', { name: invitation.association_name }),
    });
    (accepted ? accept : decline).mutate({ id: invitation.id }, { onSuccess: done });
  };

  return (
    <Card withBorder padding="lg" data-testid="association-card">
      <Stack gap="md">
        <Stack gap={4}>
          <Title order={2} size="h4">{t('membership.card.title')}</Title>
          <Text size="sm" c="dimmed">{t('membership.card.description')}</Text>
        </Stack>
        {overview.isPending ? (
          <Stack gap="xs" aria-label={t('membership.card.loading')} aria-busy="true">
            <Skeleton height={20} maw={320} />
            <Skeleton height={20} maw={200} />
          </Stack>
        ) : null}
        {overview.isError ? <QueryErrorState query={overview} title={t('membership.card.loadFailed')} /> : null}
        {data ? (
          <>
            {data.membership ? (
              <Stack gap="xs" data-testid="association-membership">
                <Group gap="xs" wrap="wrap">
                  <Text fw={600} style={{ overflowWrap: 'anywhere' }}>{data.membership.association_name}</Text>
                  <Badge variant="light">{t(KIND_LABELS[data.membership.association_kind])}</Badge>
                </Group>
                {data.membership.answered_at ? (
                  <Text size="sm" c="dimmed">{t('membership.card.since', { date: dayOf(language, data.membership.answered_at) })}</Text>
                ) : null}
                {answers ? (
                  <Group>
                    <Button variant="light" color="red" styles={WRAPPING_BUTTON_STYLES} onClick={() => { leave.reset(); setLeaving(true); }}>
                      {t('membership.leave.button')}
                    </Button>
                  </Group>
                ) : null}
              </Stack>
            ) : (
              <Text data-testid="association-none">{t('membership.card.none')}</Text>
            )}
            {data.invitations.length > 0 ? (
              <Stack gap="xs" data-testid="association-invitations">
                <Title order={3} size="h5">{t('membership.invitations.title')}</Title>
                {data.invitations.map((invitation) => (
                  <Paper key={invitation.id} withBorder p="sm" data-testid="association-invitation">
                    <Stack gap="xs">
                      <Group gap="xs" wrap="wrap">
                        <Text fw={600} style={{ overflowWrap: 'anywhere' }}>{invitation.association_name}</Text>
                        <Badge variant="light">{t(KIND_LABELS[invitation.association_kind])}</Badge>
                      </Group>
                      <Text size="sm" c="dimmed">
                        {t('membership.invitation.invitedBy', { name: invitation.invited_by_name, date: dayOf(language, invitation.invited_at) })}
                      </Text>
                      {answers ? (
                        <Group gap="sm">
                          <Button
                            styles={WRAPPING_BUTTON_STYLES}
                            onClick={() => answer(invitation, true)}
                            loading={accept.isPending && accept.variables.id === invitation.id}
                            disabled={answering}
                          >
                            {t('membership.invitation.accept')}
                          </Button>
                          <Button
                            variant="default"
                            styles={WRAPPING_BUTTON_STYLES}
                            onClick={() => answer(invitation, false)}
                            loading={decline.isPending && decline.variables.id === invitation.id}
                            disabled={answering}
                          >
                            {t('membership.invitation.decline')}
                          </Button>
                        </Group>
                      ) : null}
                    </Stack>
                  </Paper>
                ))}
              </Stack>
            ) : null}
            {answerFailed ? (
              <Alert color="red" variant="light" icon={<IconAlertCircle size={18} />} role="alert">
                {localized(t, serverMessage(answerFailed, t('membership.invitation.failed')))}
              </Alert>
            ) : null}
            {!answers && (data.membership || data.invitations.length > 0) ? (
              <Text size="sm" c="dimmed">{t('membership.card.readOnly')}</Text>
            ) : null}
          </>
        ) : null}
      </Stack>
      {data?.membership ? (
        <ConfirmDialog
          opened={leaving}
          title={t('membership.leave.title', { name: data.membership.association_name })}
          confirmLabel={t('membership.leave.confirm')}
          pending={leave.isPending}
          error={leave.isError ? localized(t, serverMessage(leave.error, t('membership.leave.failed'))) : null}
          onClose={() => setLeaving(false)}
          onConfirm={() => leave.mutate(undefined, {
            onSuccess: () => {
              setLeaving(false);
              notify({ color: 'green', message: t('membership.leave.done') });
            },
          })}
        >
          {t('membership.leave.text')}
        </ConfirmDialog>
      ) : null}
    </Card>
  );
}
