import { useState } from 'react';
import { Badge, Button, Card, Group, List, Skeleton, Stack, Text, Title, UnstyledButton } from '@mantine/core';
import { IconChevronDown, IconChevronRight, IconLink, IconPencil } from '@tabler/icons-react';
import { CONSENT_PURPOSES } from '../../../../common/consent';
import { INTL_LOCALE } from '../../../../common/i18n/locales';
import { QueryErrorState } from '../../components/ErrorState';
import { WRAPPING_BUTTON_STYLES } from '../../components/wrapping-button';
import { useLanguage, useT } from '../../lib/i18n';
import { trpc } from '../../lib/trpc';
import { useCan } from '../auth';
import type { ConsentGuardian } from './guardians';
import { OpenLinks } from './OpenLinks';
import { RecordConsentDialog } from './RecordConsentDialog';
import { SendLinkDialog } from './SendLinkDialog';
import { METHOD_LABEL, PURPOSE_LABEL, STATE_COLOR, STATE_LABEL } from './purposes';
import './messages';

/**
 * The child's consent on their card: per purpose the answer in force (Given, Withdrawn, Not asked)
 * with who and when, the whole history behind a tap, and, for those who record consent, the dialogs
 * to record answers collected on paper or in person and to send the guardian a consent link, and the
 * links still open with Revoke. Each load is a logged read of the child's consent records (the server
 * logs it).
 */
export function ConsentSection({ studentId, guardians }: { studentId: string; guardians: ConsentGuardian[] }) {
  const t = useT();
  const language = useLanguage();
  const canRecord = useCan('recordConsent');
  const consents = trpc.consent.forStudent.useQuery({ id: studentId }, { refetchOnWindowFocus: false });
  const [historyOpen, setHistoryOpen] = useState(false);
  const [dialog, setDialog] = useState<'record' | 'link' | null>(null);
  const when = new Intl.DateTimeFormat(INTL_LOCALE[language], { dateStyle: 'medium' });

  return (
    <Card withBorder padding="md" component="section" aria-labelledby="consent-heading" data-testid="consent-section">
      <Stack gap="sm">
        <Title order={2} size="h4" id="consent-heading">{t('consent.section.title')}</Title>
        {consents.isPending ? <Skeleton height={72} aria-busy="true" aria-label={t('consent.section.loading')} /> : null}
        {consents.isError ? <QueryErrorState query={consents} title={t('consent.section.loadFailed')} /> : null}
        {consents.data ? (
          <>
            <Stack gap="xs" component="ul" m={0} p={0} style={{ listStyle: 'none' }}>
              {CONSENT_PURPOSES.map((purpose) => {
                const { state, answer } = consents.data.purposes[purpose];
                return (
                  <li key={purpose} data-testid={`consent-${purpose}`} data-state={state}>
                    <Group justify="space-between" gap="xs" wrap="nowrap">
                      <Text fw={500}>{t(PURPOSE_LABEL[purpose])}</Text>
                      <Badge color={STATE_COLOR[state]} variant={state === 'none' ? 'outline' : 'light'}>{t(STATE_LABEL[state])}</Badge>
                    </Group>
                    {answer ? (
                      <Text size="xs" c="dimmed">
                        {t('consent.answerBy', { guardian: answer.guardian_name, date: when.format(new Date(answer.recorded_at)), method: t(METHOD_LABEL[answer.method]) })}
                      </Text>
                    ) : null}
                  </li>
                );
              })}
            </Stack>
            <UnstyledButton onClick={() => setHistoryOpen((o) => !o)} aria-expanded={historyOpen}>
              <Group gap={4}>
                {historyOpen ? <IconChevronDown size={16} aria-hidden /> : <IconChevronRight size={16} aria-hidden />}
                <Text size="sm" fw={500}>{t('consent.history', { count: consents.data.history.length })}</Text>
              </Group>
            </UnstyledButton>
            {historyOpen ? (<div>
              {consents.data.history.length === 0 ? <Text size="sm" c="dimmed">{t('consent.historyEmpty')}</Text> : (
                <List size="sm" spacing={4} data-testid="consent-history">
                  {consents.data.history.map((h) => (
                    <List.Item key={h.id}>
                      {t('consent.historyRow', { purpose: t(PURPOSE_LABEL[h.purpose]), state: t(h.given ? 'consent.state.given' : 'consent.state.withdrawn') })}
                      {' · '}
                      {t('consent.answerBy', { guardian: h.guardian_name, date: when.format(new Date(h.recorded_at)), method: t(METHOD_LABEL[h.method]) })}
                      {h.recorded_by.id ? ` · ${t('consent.recordedBy', { name: h.recorded_by.name })}` : null}
                    </List.Item>
                  ))}
                </List>
              )}
            </div>) : null}
          </>
        ) : null}
        {canRecord ? <OpenLinks studentId={studentId} /> : null}
        {canRecord ? (
          guardians.length === 0 ? <Text size="sm" c="dimmed">{t('consent.noGuardians')}</Text> : (
            <Group gap="sm">
              <Button variant="light" leftSection={<IconPencil size={16} aria-hidden />} onClick={() => setDialog('record')} styles={WRAPPING_BUTTON_STYLES}>
                {t('consent.record')}
              </Button>
              <Button variant="default" leftSection={<IconLink size={16} aria-hidden />} onClick={() => setDialog('link')} styles={WRAPPING_BUTTON_STYLES}>
                {t('consent.sendLink')}
              </Button>
            </Group>
          )
        ) : null}
      </Stack>
      {dialog === 'record' ? <RecordConsentDialog studentId={studentId} guardians={guardians} onClose={() => setDialog(null)} /> : null}
      {dialog === 'link' ? <SendLinkDialog studentId={studentId} guardians={guardians} onClose={() => setDialog(null)} /> : null}
    </Card>
  );
}
