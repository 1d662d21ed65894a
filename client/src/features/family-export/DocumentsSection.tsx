import { useState } from 'react';
import { Alert, Badge, Button, Group, NativeSelect, Skeleton, Stack, Text, Title } from '@mantine/core';
import { IconAlertCircle, IconBrandWhatsapp, IconDownload, IconFileExport, IconPrinter } from '@tabler/icons-react';
import { QueryErrorState } from '../../components/ErrorState';
import { WRAPPING_BUTTON_STYLES } from '../../components/wrapping-button';
import { serverMessage } from '../../lib/errors';
import { formatMomentIn } from '../../lib/format';
import { isLocale, LOCALE_NAMES, LOCALES, type Locale } from '../../../../common/i18n/locales';
import { localized, useLanguage, useT, type MessageId } from '../../lib/i18n';
import { notify } from '../../lib/notify';
import { trpc, type RouterOutputs } from '../../lib/trpc';
import { downloadWithSession } from './download';
import './messages';

type FamilyExport = RouterOutputs['familyExport']['list'][number];
type ExportLink = RouterOutputs['familyExport']['link'];

/** Why a guardian is not offered the link on WhatsApp. */
const NOT_OFFERED: Record<NonNullable<ExportLink['guardians'][number]['not_offered']>, MessageId> = {
  no_whatsapp: 'privacy.documents.noWhatsapp',
  no_consent: 'privacy.documents.noConsent',
};

/**
 * The guardians to send a fresh one-time link to on WhatsApp, as the server answers them: a
 * WhatsApp button (its message already written, in the guardian's language) for those who agreed to
 * messages and use WhatsApp, and for the others why not; and until when the link works.
 */
function SendOnWhatsapp({ link }: { link: ExportLink }) {
  const t = useT();
  const language = useLanguage();
  return (
    <Stack gap="xs" data-testid="send-on-whatsapp" aria-live="polite">
      <Text size="sm">{t('privacy.documents.linkExpires', { time: formatMomentIn(language, Date.parse(link.expires_at)) })}</Text>
      {link.guardians.length === 0 ? <Text size="sm" c="dimmed">{t('privacy.documents.noGuardians')}</Text> : null}
      <Stack component="ul" gap="xs" m={0} p={0} style={{ listStyle: 'none' }}>
        {link.guardians.map((guardian) => (
          <Group component="li" key={guardian.guardian_id} gap="xs" justify="space-between" wrap="wrap" data-testid="whatsapp-guardian">
            <Text size="sm" fw={500} style={{ overflowWrap: 'anywhere' }}>{guardian.name}</Text>
            {guardian.whatsapp_url ? (
              <Button component="a" href={guardian.whatsapp_url} target="_blank" rel="noopener noreferrer" size="xs" color="green"
                leftSection={<IconBrandWhatsapp size={14} aria-hidden />} styles={WRAPPING_BUTTON_STYLES}>
                {t('privacy.documents.sendTo', { name: guardian.name })}
              </Button>
            ) : (
              <Text size="xs" c="dimmed">{t(NOT_OFFERED[guardian.not_offered ?? 'no_whatsapp'])}</Text>
            )}
          </Group>
        ))}
      </Stack>
    </Stack>
  );
}

/** How often the list is asked again while an export is being made. */
const PENDING_POLL_MS = 2000;

const STATUS: Record<string, { label: MessageId; color: string }> = {
  pending: { label: 'privacy.documents.pending', color: 'blue' },
  ready: { label: 'privacy.documents.ready', color: 'green' },
  failed: { label: 'privacy.documents.failed', color: 'red' },
  downloaded: { label: 'privacy.documents.downloaded', color: 'gray' },
  expired: { label: 'privacy.documents.expired', color: 'gray' },
};

const shownStatus = (row: FamilyExport) => (row.status === 'ready' && !row.downloadable ? 'expired' : row.status);

/**
 * A child's documents, for those answerable for the children: the printable consent form (a PDF
 * fetched with the session), in the family's language unless another is chosen, and the family's
 * export of all of the child's data. An export is made in the background (the list is asked again
 * while one is pending); a ready one is downloaded once, through a one-time address asked for at the
 * moment of the download.
 */
export function DocumentsSection({ studentId, familyLanguage }: {
  studentId: string;
  /** The family's language as the server answers it (the safety card's family_language): the form's unless another is chosen. */
  familyLanguage: Locale;
}) {
  const t = useT();
  const language = useLanguage();
  // Null until the user chooses: the form is then asked for without a language, and the server
  // prints it in the family's (its rule, not a copy of it here).
  const [formLanguage, setFormLanguage] = useState<Locale | null>(null);
  const [printing, setPrinting] = useState(false);
  const [printError, setPrintError] = useState<string | null>(null);
  // The export whose one-time address the browser was just sent to: asked again until the server
  // says it was downloaded (the download itself is the browser's, not this page's).
  const [followed, setFollowed] = useState<string | null>(null);
  const utils = trpc.useUtils();
  const exports = trpc.familyExport.list.useQuery({ id: studentId }, {
    refetchInterval: (query) => (query.state.data?.some((row) => row.status === 'pending' || (row.id === followed && row.status === 'ready'))
      ? PENDING_POLL_MS : false),
  });
  const start = trpc.familyExport.start.useMutation({
    onSuccess: async () => {
      notify({ color: 'blue', message: t('privacy.documents.exportStarted') });
      await utils.familyExport.list.invalidate({ id: studentId });
    },
  });
  const link = trpc.familyExport.link.useMutation({
    onSuccess: (answer, { id }) => {
      // The address is the credential, good for one download: the browser follows it at once.
      setFollowed(id);
      window.location.assign(answer.path);
    },
  });
  // A fresh link to send on WhatsApp: the guardians to send it to are shown under its export.
  const share = trpc.familyExport.link.useMutation();

  const print = async () => {
    setPrinting(true);
    setPrintError(null);
    try {
      const asked = formLanguage === null ? '' : `?lang=${formLanguage}`;
      await downloadWithSession(`/api/students/${encodeURIComponent(studentId)}/consent-form${asked}`, 'consent-form.pdf',
        t('privacy.documents.formFailed'));
    } catch (error) {
      setPrintError(localized(t, error instanceof Error ? error.message : t('privacy.documents.formFailed')));
    } finally {
      setPrinting(false);
    }
  };

  const pending = exports.data?.some((row) => row.status === 'pending') ?? false;
  return (
    <Stack gap="sm" component="section" aria-label={t('privacy.documents.title')} data-testid="documents">
      <Title order={2} size="h4">{t('privacy.documents.title')}</Title>
      {/* The form's language beside its button; the export is always in the family's language. */}
      <Group gap="sm" align="flex-end">
        <NativeSelect
          label={t('privacy.documents.formLanguage')}
          value={formLanguage ?? familyLanguage}
          onChange={(event) => {
            const chosen = event.currentTarget.value;
            if (isLocale(chosen)) setFormLanguage(chosen === familyLanguage ? null : chosen);
          }}
          data={LOCALES.map((l) => ({
            value: l,
            label: l === familyLanguage ? t('privacy.documents.familysLanguage', { language: LOCALE_NAMES[l] }) : LOCALE_NAMES[l],
          }))}
          miw={0}
          style={{ flex: '1 1 200px', maxWidth: 320 }}
          data-testid="form-language"
        />
        <Button variant="light" leftSection={<IconPrinter size={18} aria-hidden />} loading={printing} onClick={() => void print()}
          styles={WRAPPING_BUTTON_STYLES}>
          {t('privacy.documents.printForm')}
        </Button>
      </Group>
      <Group gap="sm">
        <Button variant="light" leftSection={<IconFileExport size={18} aria-hidden />} loading={start.isPending} disabled={pending}
          onClick={() => start.mutate({ id: studentId })} styles={WRAPPING_BUTTON_STYLES}>
          {t('privacy.documents.export')}
        </Button>
      </Group>
      <Text size="sm" c="dimmed">{t('privacy.documents.exportHint')}</Text>
      {printError ? <Alert color="red" variant="light" icon={<IconAlertCircle size={18} />} role="alert">{printError}</Alert> : null}
      {start.isError ? (
        <Alert color="red" variant="light" icon={<IconAlertCircle size={18} />} role="alert">
          {localized(t, serverMessage(start.error, t('privacy.documents.exportFailed')))}
        </Alert>
      ) : null}
      {share.isError ? (
        <Alert color="red" variant="light" icon={<IconAlertCircle size={18} />} role="alert">
          {localized(t, serverMessage(share.error, t('privacy.documents.downloadFailed')))}
        </Alert>
      ) : null}
      {link.isError ? (
        <Alert color="red" variant="light" icon={<IconAlertCircle size={18} />} role="alert">
          {localized(t, serverMessage(link.error, t('privacy.documents.downloadFailed')))}
        </Alert>
      ) : null}
      {exports.isPending ? <Skeleton height={40} aria-label={t('privacy.documents.title')} /> : null}
      {exports.isError ? <QueryErrorState query={exports} title={t('privacy.documents.loadFailed')} /> : null}
      {exports.data?.length === 0 ? <Text size="sm" c="dimmed">{t('privacy.documents.none')}</Text> : null}
      {exports.data && exports.data.length > 0 ? (
        <Stack component="ul" gap="xs" m={0} p={0} style={{ listStyle: 'none' }}>
          {exports.data.map((row) => {
            const status = STATUS[shownStatus(row)];
            const shared = share.data && share.variables?.id === row.id && row.downloadable ? share.data : null;
            return (
              <Stack component="li" key={row.id} gap="xs" data-testid="family-export">
                <Group gap="sm" justify="space-between" wrap="wrap">
                  <Stack gap={0}>
                    <Text size="sm">{formatMomentIn(language, Date.parse(row.created_at))}</Text>
                    <Text size="xs" c="dimmed">{t('privacy.documents.requestedBy', { name: row.requested_by.name })}</Text>
                  </Stack>
                  <Group gap="xs" wrap="wrap">
                    <Badge color={status.color} variant="light" styles={{ label: { whiteSpace: 'normal' } }}>{t(status.label)}</Badge>
                    {row.downloadable ? (
                      <Button size="xs" leftSection={<IconDownload size={14} aria-hidden />} loading={link.isPending && link.variables.id === row.id}
                        onClick={() => link.mutate({ id: row.id })}>
                        {t('privacy.documents.download')}
                      </Button>
                    ) : null}
                    {row.downloadable ? (
                      <Button size="xs" variant="light" color="green" leftSection={<IconBrandWhatsapp size={14} aria-hidden />}
                        loading={share.isPending && share.variables.id === row.id} onClick={() => share.mutate({ id: row.id })}
                        styles={WRAPPING_BUTTON_STYLES}>
                        {t('privacy.documents.sendWhatsapp')}
                      </Button>
                    ) : null}
                  </Group>
                </Group>
                {shared ? <SendOnWhatsapp link={shared} /> : null}
              </Stack>
            );
          })}
        </Stack>
      ) : null}
    </Stack>
  );
}
