import { useEffect, useState } from 'react';
import { Alert, Anchor, Button, Center, Checkbox, Container, Group, List, Loader, Paper, Stack, Switch, Text, Title } from '@mantine/core';
import { IconAlertCircle, IconCircleCheck } from '@tabler/icons-react';
import { Link, useParams } from 'react-router-dom';
import { CONSENT_PURPOSES, PRIVACY_NOTICE_PARTS, type ConsentPurpose, type PrivacyNoticePart } from '../../../../common/consent';
import { LanguagePicker } from '../../components/LanguagePicker';
import { ErrorState } from '../../components/ErrorState';
import { httpStatusOf, serverMessage } from '../../lib/errors';
import { localized, setLanguage, useT, type Locale, type MessageId } from '../../lib/i18n';
import { trpc } from '../../lib/trpc';
import { PURPOSE_LABEL } from './purposes';
import './messages';

const HEADING: Record<PrivacyNoticePart, MessageId> = {
  controller: 'privacy.heading.controller',
  data_kept: 'privacy.heading.dataKept',
  purposes: 'privacy.heading.purposes',
  retention: 'privacy.heading.retention',
  contact: 'privacy.heading.contact',
};

/** The statuses of a link that cannot be answered: unknown, used, expired. */
const DEAD_LINK = [400, 404, 409, 410];

/**
 * The guardian's consent page, opened from a consent link on their phone, without signing in: the
 * church's privacy notice, the three purposes each off until ticked, the two confirmations, and
 * Submit; then what was recorded. It speaks the link's language (the guardian's), with a switch.
 */
export function ConsentPage() {
  const t = useT();
  const { token = '' } = useParams<{ token: string }>();
  const [lang, setLang] = useState<Locale | undefined>(undefined);
  const page = trpc.consent.page.useQuery({ token, lang }, { retry: false, refetchOnWindowFocus: false, placeholderData: (prev) => prev });
  const answer = trpc.consent.answer.useMutation();
  const [answers, setAnswers] = useState<Record<ConsentPurpose, boolean>>({ enrolment: false, photos: false, messages: false });
  const [confirms, setConfirms] = useState({ parent: false, adult: false });
  const linkLanguage = page.data?.language;

  // The page speaks the link's language until the guardian picks another (not kept in this browser).
  useEffect(() => {
    if (linkLanguage && !lang) void setLanguage(linkLanguage, { remember: false }).catch(() => undefined);
  }, [linkLanguage, lang]);
  const chooseLanguage = (locale: Locale) => {
    setLang(locale);
    void setLanguage(locale, { remember: false }).catch(() => undefined);
  };

  let content;
  if (answer.isSuccess) {
    const recorded = answer.data.recorded;
    content = (
      <Stack gap="md" align="center" ta="center" data-testid="consent-thanks">
        <IconCircleCheck size={40} color="var(--mantine-color-teal-7)" aria-hidden />
        <Title order={1} size="h2">{t('consent.page.thanks')}</Title>
        <Text>{t('consent.page.recorded')}</Text>
        <List ta="left" spacing={4}>
          {CONSENT_PURPOSES.map((p) => (
            <List.Item key={p}>{t(PURPOSE_LABEL[p])}: <b>{recorded[p] ? t('consent.page.yes') : t('consent.page.no')}</b></List.Item>
          ))}
        </List>
      </Stack>
    );
  } else if (page.isPending) {
    content = <Center py="xl"><Loader aria-label={t('consent.page.loading')} /></Center>;
  } else if (page.isError && DEAD_LINK.includes(httpStatusOf(page.error) ?? 0)) {
    content = (
      <Stack gap="md" data-testid="consent-dead-link">
        <Title order={1} size="h2">{t('consent.page.unavailable')}</Title>
        <Alert color="red" variant="light" icon={<IconAlertCircle size={18} />} role="alert">
          {localized(t, serverMessage(page.error, t('consent.linkNotFound')))}
        </Alert>
      </Stack>
    );
  } else if (page.isError) {
    content = <ErrorState title={t('consent.page.failed')} onRetry={() => void page.refetch()} retrying={page.isFetching} />;
  } else {
    const data = page.data;
    const ready = confirms.parent && confirms.adult;
    content = (
      <form
        noValidate
        onSubmit={(event) => {
          event.preventDefault();
          if (!ready) return;
          answer.mutate({ token, confirms_parent: true, confirms_adult: true, ...answers });
        }}
      >
        <Stack gap="lg">
          <Stack gap={4}>
            <Text size="sm" c="dimmed" fw={600}>{data.church_name}</Text>
            <Title order={1} size="h2">{t('consent.page.title', { child: data.child_name })}</Title>
            <Text size="sm">{t('consent.page.intro', { church: data.church_name, guardian: data.guardian_name })}</Text>
          </Stack>
          <Stack gap="sm" component="section" aria-labelledby="notice-heading">
            <Title order={2} size="h4" id="notice-heading">{t('consent.page.notice')}</Title>
            {PRIVACY_NOTICE_PARTS.map((part) => (
              <Stack gap={2} key={part}>
                <Title order={3} size="h6">{t(HEADING[part])}</Title>
                <Text size="sm" style={{ whiteSpace: 'pre-wrap' }}>{data.notice[part].text}</Text>
              </Stack>
            ))}
            <Anchor component={Link} to={`/privacy/${data.church_code}`} size="sm">{t('consent.page.privacyLink', { church: data.church_name })}</Anchor>
          </Stack>
          <Stack gap="sm" component="fieldset" style={{ border: 0, padding: 0, margin: 0 }}>
            <Title order={2} size="h4" component="legend">{t('consent.page.purposes')}</Title>
            {CONSENT_PURPOSES.map((p) => (
              <Switch
                key={p}
                size="md"
                label={t(PURPOSE_LABEL[p])}
                checked={answers[p]}
                onChange={(e) => {
                  const checked = e.currentTarget.checked;
                  setAnswers((a) => ({ ...a, [p]: checked }));
                }}
                data-testid={`consent-purpose-${p}`}
              />
            ))}
          </Stack>
          <Stack gap="sm" component="fieldset" style={{ border: 0, padding: 0, margin: 0 }}>
            <Title order={2} size="h4" component="legend">{t('consent.page.confirmations')}</Title>
            <Checkbox size="md" label={t('consent.page.confirmParent')} checked={confirms.parent}
              onChange={(e) => { const checked = e.currentTarget.checked; setConfirms((c) => ({ ...c, parent: checked })); }} />
            <Checkbox size="md" label={t('consent.page.confirmAdult')} checked={confirms.adult}
              onChange={(e) => { const checked = e.currentTarget.checked; setConfirms((c) => ({ ...c, adult: checked })); }} />
          </Stack>
          {answer.isError ? (
            <Alert color="red" variant="light" role="alert">{localized(t, serverMessage(answer.error, t('consent.page.failed')))}</Alert>
          ) : null}
          <Button type="submit" size="md" fullWidth disabled={!ready} loading={answer.isPending}>{t('consent.page.submit')}</Button>
        </Stack>
      </form>
    );
  }

  return (
    <Container size={560} px="sm" py="md" component="main">
      <Stack gap="sm">
        <Group justify="flex-end">
          <LanguagePicker onChange={chooseLanguage} />
        </Group>
        <Paper withBorder p="md" radius="md">{content}</Paper>
      </Stack>
    </Container>
  );
}
