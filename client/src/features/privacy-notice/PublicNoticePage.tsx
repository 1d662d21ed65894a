import { Alert, Container, Group, Paper, Skeleton, Stack, Text, Title } from '@mantine/core';
import { IconAlertCircle } from '@tabler/icons-react';
import { useParams } from 'react-router-dom';
import { PRIVACY_NOTICE_PARTS } from '../../../../common/consent';
import { QueryErrorState } from '../../components/ErrorState';
import { LanguagePicker } from '../../components/LanguagePicker';
import { httpStatusOf } from '../../lib/errors';
import { useLanguage, useT } from '../../lib/i18n';
import { trpc } from '../../lib/trpc';
import { PART_HEADING } from './parts';
import './messages';

/**
 * A church's privacy notice for parents, open to anyone at /privacy/<church code> (the address the
 * consent form prints): the church's name and the notice's five parts, in the language the page
 * speaks; the language switch changes both. Made for a phone first.
 */
export function PublicNoticePage() {
  const t = useT();
  const language = useLanguage();
  const { code = '' } = useParams<{ code: string }>();
  const notice = trpc.privacyNotice.public.useQuery({ code, lang: language }, { retry: false });
  const notFound = notice.isError && [400, 404].includes(httpStatusOf(notice.error) ?? 0);
  return (
    <Container size="sm" px="md" py="lg" component="main">
      <Stack gap="lg">
        <Group justify="space-between" align="flex-start" wrap="nowrap">
          <Stack gap={2}>
            <Text size="sm" c="dimmed" tt="uppercase" fw={600}>{t('privacy.page.title')}</Text>
            {notice.data ? <Title order={1} size="h2" style={{ overflowWrap: 'anywhere' }}>{notice.data.church_name}</Title> : null}
          </Stack>
          <LanguagePicker />
        </Group>
        {notice.isPending ? (
          <Stack gap="sm" aria-busy="true" aria-label={t('privacy.page.loading')}>
            <Skeleton height={28} width="60%" />
            <Skeleton height={80} />
            <Skeleton height={80} />
          </Stack>
        ) : null}
        {notFound ? (
          <Alert color="red" variant="light" icon={<IconAlertCircle size={18} />} role="alert">{t('privacy.page.notFound')}</Alert>
        ) : null}
        {notice.isError && !notFound ? <QueryErrorState query={notice} title={t('privacy.page.loadFailed')} /> : null}
        {notice.data ? (
          <Paper withBorder p="md" radius="md">
            <Stack gap="md">
              {PRIVACY_NOTICE_PARTS.map((part) => (
                <Stack key={part} gap={4} component="section" aria-label={t(PART_HEADING[part])}>
                  <Title order={2} size="h5">{t(PART_HEADING[part])}</Title>
                  <Text style={{ whiteSpace: 'pre-line', overflowWrap: 'anywhere' }}>{notice.data.notice[part].text}</Text>
                </Stack>
              ))}
            </Stack>
          </Paper>
        ) : null}
      </Stack>
    </Container>
  );
}
