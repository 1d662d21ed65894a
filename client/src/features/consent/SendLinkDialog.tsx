import { useState } from 'react';
import { Alert, Anchor, Button, CopyButton, Group, Modal, Select, Stack, Text, TextInput } from '@mantine/core';
import { IconBrandWhatsapp, IconCopy } from '@tabler/icons-react';
import { INTL_LOCALE } from '../../../../common/i18n/locales';
import { serverMessage } from '../../lib/errors';
import { localized, useLanguage, useT } from '../../lib/i18n';
import { trpc } from '../../lib/trpc';
import type { ConsentDialogProps } from './guardians';
import './messages';

/** A consent link for one guardian: made on a tap, then shown with Copy and, when the guardian has
 * WhatsApp, a link that opens a chat with the message already written in their language. */
export function SendLinkDialog({ studentId, guardians, onClose }: ConsentDialogProps) {
  const t = useT();
  const language = useLanguage();
  const [guardianId, setGuardianId] = useState<string | null>(guardians[0]?.id ?? null);
  const utils = trpc.useUtils();
  // A new link shows among the open ones, and the guardian's earlier link (replaced) leaves them.
  const make = trpc.consent.createLink.useMutation({ onSuccess: () => utils.consent.openLinks.invalidate({ id: studentId }) });
  const link = make.data;

  return (
    <Modal opened onClose={onClose} title={t('consent.sendLink')} centered>
      <Stack gap="md">
        <Text size="sm">{t('consent.link.intro')}</Text>
        <Select
          label={t('consent.record.guardian')}
          data={guardians.map((g) => ({ value: g.id, label: g.name }))}
          value={guardianId}
          onChange={(v) => {
            setGuardianId(v);
            make.reset();
          }}
          allowDeselect={false}
        />
        {link ? (
          <Stack gap="xs" data-testid="consent-link">
            <TextInput readOnly value={link.url} aria-label={t('consent.sendLink')} onFocus={(e) => e.currentTarget.select()} />
            <Text size="xs" c="dimmed">
              {t('consent.link.expires', { date: new Intl.DateTimeFormat(INTL_LOCALE[language], { dateStyle: 'medium' }).format(new Date(link.expires_at)) })}
            </Text>
            <Group gap="sm">
              <CopyButton value={link.url}>
                {({ copied, copy }) => (
                  <Button variant="light" leftSection={<IconCopy size={16} aria-hidden />} onClick={copy}>
                    {copied ? t('consent.link.copied') : t('consent.link.copy')}
                  </Button>
                )}
              </CopyButton>
              {link.whatsapp_url ? (
                <Anchor href={link.whatsapp_url} target="_blank" rel="noopener noreferrer">
                  <Group gap={4}><IconBrandWhatsapp size={18} aria-hidden />{t('consent.link.whatsapp')}</Group>
                </Anchor>
              ) : null}
            </Group>
            {link.whatsapp_url ? null : <Text size="xs" c="dimmed">{t('consent.link.noWhatsapp')}</Text>}
          </Stack>
        ) : (
          <Button onClick={() => guardianId && make.mutate({ id: studentId, guardian_id: guardianId })} loading={make.isPending} disabled={!guardianId}>
            {t('consent.link.make')}
          </Button>
        )}
        {make.isError ? (
          <Alert color="red" variant="light" role="alert">{localized(t, serverMessage(make.error, t('consent.link.failed')))}</Alert>
        ) : null}
      </Stack>
    </Modal>
  );
}
