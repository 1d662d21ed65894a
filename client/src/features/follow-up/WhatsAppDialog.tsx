import { useEffect, useState } from 'react';
import { Alert, Button, Group, Loader, Modal, Stack, Text, Textarea } from '@mantine/core';
import { IconBrandWhatsapp } from '@tabler/icons-react';
import type { ClassDaysWord } from '../../../../common/follow-up';
import { LOCALE_NAMES, type Locale } from '../../../../common/i18n/locales';
import { localized, useT } from '../../lib/i18n';
import { formatIn } from '../../lib/i18n/format-in';
import { serverMessage } from '../../lib/errors';
import { notify } from '../../lib/notify';
import { trpc } from '../../lib/trpc';
import { useSignedInSession } from '../auth';
import type { FollowUpStudent, GuardianPhone } from './FollowUpStudentCard';
import { whatsAppHref } from './whatsapp';
import { FOLLOW_UP_ENGLISH } from './messages';

interface Target { student: FollowUpStudent; phone: GuardianPhone }

/**
 * The message to a guardian on WhatsApp: written for them in their language (the church's default
 * when they chose none), whatever language the page speaks; the teacher may change it before "Open
 * WhatsApp" opens the chat with it typed in. The dialog then offers to record the family as messaged
 * (a follow-up contact with the outcome `messaged`), so the others following up know.
 */
export function WhatsAppDialog({ target, days, onClose }: { target: Target | null; days: ClassDaysWord; onClose: () => void }) {
  const t = useT();
  const { user, church } = useSignedInSession();
  const [message, setMessage] = useState<string | null>(null);
  const [opened, setOpened] = useState(false);
  const utils = trpc.useUtils();
  const record = trpc.followUp.recordContact.useMutation({
    onSuccess: async (result) => {
      notify({ color: 'green', message: localized(t, result.message) });
      onClose();
      await utils.followUp.invalidate();
    },
  });
  const language: Locale = target?.phone.guardian.language ?? church.default_language;

  useEffect(() => {
    setMessage(null);
    setOpened(false);
    if (!target) return undefined;
    let current = true;
    const { student } = target;
    formatIn(language, 'followup', FOLLOW_UP_ENGLISH, 'followup.message', {
      child: student.student_name, weeks: student.weeks_missed, days, teacherName: user.name, church: church.name,
    }).then((text) => { if (current) setMessage(text); }, () => {
      // The guardian's language could not be fetched (offline): the church's own words in English are
      // better than no message; the teacher may still edit them.
      void formatIn('en', 'followup', FOLLOW_UP_ENGLISH, 'followup.message', {
        child: student.student_name, weeks: student.weeks_missed, days, teacherName: user.name, church: church.name,
      }).then((text) => { if (current) setMessage(text); });
    });
    return () => { current = false; };
  }, [target, days, language, user.name, church.name]);

  const number = target?.phone.whatsapp;
  return (
    <Modal opened={target !== null} onClose={onClose} title={target ? t('followup.whatsappTitle', { name: target.phone.guardian.name }) : ''} centered>
      {message === null || !number ? (
        <Group justify="center" p="md" role="status" aria-label={t('followup.preparing')}><Loader size="sm" /></Group>
      ) : (
        <Stack gap="md">
          <Textarea
            label={t('followup.messageLabel')}
            description={t('followup.messageLanguage', { language: LOCALE_NAMES[language] })}
            value={message}
            onChange={(event) => setMessage(event.currentTarget.value)}
            autosize
            minRows={4}
            lang={language}
          />
          <Group justify="flex-end" gap="sm">
            <Button variant="default" onClick={onClose}>{t('common.cancel')}</Button>
            <Button component="a" href={whatsAppHref(number, message)} target="_blank" rel="noopener noreferrer" color="green"
              variant={opened ? 'light' : 'filled'} leftSection={<IconBrandWhatsapp size={16} />} onClick={() => setOpened(true)}>
              {t('followup.openWhatsApp')}
            </Button>
          </Group>
          {opened && target ? (
            <Stack gap="xs" data-testid="mark-messaged">
              <Text size="sm">{t('followup.sentQuestion')}</Text>
              {record.isError ? <Alert color="red" role="alert">{localized(t, serverMessage(record.error, t('followup.saveFailed')))}</Alert> : null}
              <Group justify="flex-end">
                <Button loading={record.isPending} onClick={() => record.mutate({ studentId: target.student.student_id, outcome: 'messaged' })}>
                  {t('followup.markMessaged')}
                </Button>
              </Group>
            </Stack>
          ) : null}
          <Text size="xs" c="dimmed">{target?.phone.display}</Text>
        </Stack>
      )}
    </Modal>
  );
}
