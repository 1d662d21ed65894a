import { Alert, Button, Group, Skeleton, Stack, Text, Title } from '@mantine/core';
import { IconLinkOff } from '@tabler/icons-react';
import { INTL_LOCALE } from '../../../../common/i18n/locales';
import { QueryErrorState } from '../../components/ErrorState';
import { WRAPPING_BUTTON_STYLES } from '../../components/wrapping-button';
import { serverMessage } from '../../lib/errors';
import { localized, useLanguage, useT } from '../../lib/i18n';
import { notify } from '../../lib/notify';
import { trpc } from '../../lib/trpc';
import './messages';

/**
 * The child's consent links that may still be answered, each with who it went to, until when, and
 * Revoke (the server stops it: its page then tells the guardian it was withdrawn). Shown to those who
 * send links; nothing at all while there is none.
 */
export function OpenLinks({ studentId }: { studentId: string }) {
  const t = useT();
  const language = useLanguage();
  const utils = trpc.useUtils();
  const links = trpc.consent.openLinks.useQuery({ id: studentId }, { refetchOnWindowFocus: false });
  const revoke = trpc.consent.revokeLink.useMutation({
    onSuccess: async () => {
      notify({ color: 'green', message: t('consent.links.revoked') });
      await utils.consent.openLinks.invalidate({ id: studentId });
    },
  });
  const until = new Intl.DateTimeFormat(INTL_LOCALE[language], { dateStyle: 'medium' });

  if (links.isPending) return <Skeleton height={36} aria-busy="true" aria-label={t('consent.links.loading')} />;
  if (links.isError) return <QueryErrorState query={links} title={t('consent.links.loadFailed')} />;
  if (links.data.length === 0) return null;
  return (
    <Stack gap="xs" data-testid="consent-open-links">
      <Title order={3} size="h6">{t('consent.links.title')}</Title>
      <Stack gap={6} component="ul" m={0} p={0} style={{ listStyle: 'none' }}>
        {links.data.map((link) => (
          <li key={link.id} data-testid="consent-open-link" data-link-id={link.id}>
            <Group justify="space-between" gap="xs" wrap="wrap">
              <Text size="sm" style={{ minWidth: 0, overflowWrap: 'anywhere' }}>
                {t('consent.links.row', { guardian: link.guardian_name, date: until.format(new Date(link.expires_at)) })}
              </Text>
              <Button
                size="xs" variant="subtle" color="red" leftSection={<IconLinkOff size={14} aria-hidden />} styles={WRAPPING_BUTTON_STYLES}
                aria-label={t('consent.links.revokeLabel', { guardian: link.guardian_name })}
                loading={revoke.isPending && revoke.variables.id === link.id}
                onClick={() => revoke.mutate({ id: link.id })}
              >
                {t('consent.links.revoke')}
              </Button>
            </Group>
          </li>
        ))}
      </Stack>
      {revoke.isError ? (
        <Alert color="red" variant="light" role="alert">{localized(t, serverMessage(revoke.error, t('consent.links.revokeFailed')))}</Alert>
      ) : null}
    </Stack>
  );
}
