import { useState } from 'react';
import { Alert, Button, CopyButton, Group, Modal, Radio, Skeleton, Stack, Text, TextInput } from '@mantine/core';
import { IconBrandWhatsapp, IconCopy } from '@tabler/icons-react';
import { INTL_LOCALE, LOCALE_NAMES } from '../../../../common/i18n/locales';
import { REPORT_CARD_LINK_DAYS, REPORT_CARD_LINK_OPEN_HOURS } from '../../../../common/report-card-links';
import { ErrorState } from '../../components/ErrorState';
import { reasonOf, serverMessage } from '../../lib/errors';
import { localized, useLanguage, useT } from '../../lib/i18n';
import { trpc, type RouterOutputs } from '../../lib/trpc';
import './messages';

type Guardian = RouterOutputs['guardians']['guardians'][number];

/**
 * A guardian's link to a child's report card, as the consent link is sent: the child's guardians to
 * choose from (one who did not agree to be contacted is shown but cannot be chosen, with the reason),
 * the link made on a tap, then Open WhatsApp (the message already written in the guardian's
 * language) and Copy link. The server decides who may share (a teacher: their own classes) and says
 * why it refuses.
 */
export function ShareReportCardDialog({ studentId, childName, onClose }: { studentId: string; childName: string; onClose: () => void }) {
  const t = useT();
  const guardians = trpc.guardians.guardians.useQuery({ id: studentId });
  return (
    <Modal opened onClose={onClose} title={t('exams.share.title', { name: childName })} centered>
      <Stack gap="md" data-testid="share-report-card">
        {guardians.isPending ? <Skeleton height={96} aria-label={t('exams.share.loading')} /> : null}
        {guardians.isError ? (
          <ErrorState title={t('exams.share.guardiansFailed')} message={localized(t, serverMessage(guardians.error, t('exams.unreachable')))}
            onRetry={() => void guardians.refetch()} retrying={guardians.isFetching} />
        ) : null}
        {guardians.isSuccess && guardians.data.length === 0 ? (
          <Text size="sm" c="dimmed" data-testid="share-no-guardians">{t('exams.share.noGuardians')}</Text>
        ) : null}
        {guardians.isSuccess && guardians.data.length > 0 ? <ShareForm studentId={studentId} guardians={guardians.data} /> : null}
      </Stack>
    </Modal>
  );
}

function ShareForm({ studentId, guardians }: { studentId: string; guardians: Guardian[] }) {
  const t = useT();
  const language = useLanguage();
  const [guardianId, setGuardianId] = useState<string | null>(guardians.find((g) => g.contact_consent)?.id ?? null);
  // The guardian chosen, while they agree to be contacted (the list is read again when the server says they no longer do).
  const chosen = guardians.find((g) => g.id === guardianId && g.contact_consent)?.id ?? null;
  const utils = trpc.useUtils();
  const share = trpc.exams.shareReportCard.useMutation({
    onError: (error) => {
      if (reasonOf(error) === 'no_contact_consent') void utils.guardians.guardians.invalidate({ id: studentId });
    },
  });
  const link = share.data;
  return (
    <>
      <Text size="sm">{t('exams.share.intro', { days: REPORT_CARD_LINK_DAYS, hours: REPORT_CARD_LINK_OPEN_HOURS })}</Text>
      <Radio.Group
        label={t('exams.share.guardian')}
        value={guardianId}
        onChange={(value) => {
          setGuardianId(value);
          share.reset();
        }}
      >
        <Stack gap="xs" mt={4}>
          {guardians.map((g) => (
            <Radio
              key={g.id}
              value={g.id}
              disabled={!g.contact_consent}
              label={<Text span size="sm" style={{ overflowWrap: 'anywhere' }}>{t('exams.share.guardianLine', { name: g.name, relation: g.relation })}</Text>}
              description={g.contact_consent ? null : t('exams.share.noConsent')}
            />
          ))}
        </Stack>
      </Radio.Group>
      {link ? (
        <Stack gap="xs" data-testid="report-card-link">
          <TextInput readOnly value={link.url} aria-label={t('exams.share.link')} onFocus={(e) => e.currentTarget.select()} />
          <Text size="xs" c="dimmed">
            {t('exams.share.expires', {
              date: new Intl.DateTimeFormat(INTL_LOCALE[language], { dateStyle: 'medium' }).format(new Date(link.expires_at)),
              language: LOCALE_NAMES[link.language],
            })}
          </Text>
          <Group gap="sm" wrap="wrap">
            {link.whatsapp_url ? (
              <Button component="a" href={link.whatsapp_url} target="_blank" rel="noopener noreferrer" color="green"
                leftSection={<IconBrandWhatsapp size={18} aria-hidden />}>
                {t('exams.share.whatsapp')}
              </Button>
            ) : null}
            <CopyButton value={link.url}>
              {({ copied, copy }) => (
                <Button variant="light" leftSection={<IconCopy size={16} aria-hidden />} onClick={copy}>
                  {copied ? t('exams.share.copied') : t('exams.share.copy')}
                </Button>
              )}
            </CopyButton>
          </Group>
          {link.whatsapp_url ? null : <Text size="xs" c="dimmed">{t('exams.share.noWhatsapp')}</Text>}
        </Stack>
      ) : (
        <Button onClick={() => chosen && share.mutate({ student_id: studentId, guardian_id: chosen })}
          loading={share.isPending} disabled={!chosen}>
          {t('exams.share.make')}
        </Button>
      )}
      {guardians.every((g) => !g.contact_consent) ? <Text size="sm" c="dimmed">{t('exams.share.noneAgreed')}</Text> : null}
      {share.isError ? (
        <Alert color="red" variant="light" role="alert">{localized(t, serverMessage(share.error, t('exams.share.failed')))}</Alert>
      ) : null}
    </>
  );
}
