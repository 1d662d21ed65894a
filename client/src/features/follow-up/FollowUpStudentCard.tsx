import { Anchor, Badge, Button, Group, Stack, Text } from '@mantine/core';
import { Link } from 'react-router-dom';
import { IconBrandWhatsapp, IconNotes, IconPhone } from '@tabler/icons-react';
import type { ClassDaysWord, ContactOutcome } from '../../../../common/follow-up';
import { classLabel } from '../../lib/class-label';
import { useLanguage, useT, type MessageId } from '../../lib/i18n';
import { formatDateIn } from '../../lib/months';
import type { RouterOutputs } from '../../lib/trpc';
import { safetyCardPath } from '../safety-card';
import './messages';

export type FollowUpStudent = RouterOutputs['followUp']['list']['students'][number];
type Guardian = FollowUpStudent['guardians'][number];

/** One of a guardian's numbers, to call and perhaps to message. */
export interface GuardianPhone {
  guardian: Guardian;
  display: string;
  tel: string;
  whatsapp: string | null;
}

export const OUTCOME_LABELS: Record<ContactOutcome, MessageId> = {
  reached: 'followup.outcome.reached',
  no_answer: 'followup.outcome.no_answer',
  sick: 'followup.outcome.sick',
  moved_away: 'followup.outcome.moved_away',
  messaged: 'followup.outcome.messaged',
  other: 'followup.outcome.other',
};

/** A guardian's numbers: the first, and the second when there is one. */
const phonesOf = (guardian: Guardian): GuardianPhone[] =>
  [guardian.links.phone, guardian.links.phone2].flatMap((link) => (link ? [{ guardian, ...link }] : []));

/** Why a guardian has no WhatsApp button, in the reader's words. */
const NO_WHATSAPP: Record<NonNullable<Guardian['whatsapp_unavailable']>, MessageId> = {
  no_whatsapp: 'followup.noWhatsApp.no_whatsapp',
  no_consent: 'followup.noWhatsApp.no_consent',
  invalid_number: 'followup.noWhatsApp.invalid_number',
};

/** A child on the follow-up list: who, how long absent, whether their family was called, and how to reach them. */
export function FollowUpStudentCard({ student, days, onWhatsApp, onRecord }: {
  student: FollowUpStudent;
  /** How the church's class days are named: "sunday" (Sundays only) or "class". */
  days: ClassDaysWord;
  onWhatsApp: (phone: GuardianPhone) => void;
  onRecord: () => void;
}) {
  const t = useT();
  const language = useLanguage();
  const outcome = student.last_contact?.outcome;
  return (
    <Stack gap="sm">
      <Group justify="space-between" align="flex-start" gap="xs">
        <Stack gap={2} miw={0}>
          <Anchor component={Link} to={safetyCardPath(student.student_id)} fw={600} style={{ overflowWrap: 'anywhere' }}
            data-testid="follow-up-name" title={t('followup.openCard', { name: student.student_name })}>
            {student.student_name}
          </Anchor>
          <Text size="sm" c="dimmed">{classLabel({ class_name: student.class_name, section: student.class_section })}</Text>
        </Stack>
        <Badge color="orange" variant="light" data-testid="weeks-missed">{t('followup.weeksMissed', { count: student.weeks_missed, days })}</Badge>
      </Group>
      <Text size="sm" data-testid="last-present">
        {student.last_present ? t('followup.lastPresent', { date: formatDateIn(language, student.last_present, { day: 'numeric', month: 'long', year: 'numeric' }) }) : t('followup.neverPresent')}
      </Text>
      <Group gap="xs">
        {student.contacted && outcome ? (
          <Badge color="green" variant="light" data-testid="contact-status">{t('followup.contacted', { outcome: t(OUTCOME_LABELS[outcome]) })}</Badge>
        ) : (
          <Badge color="gray" variant="light" data-testid="contact-status">{t('followup.notContacted')}</Badge>
        )}
      </Group>
      {student.guardians.length === 0 ? <Text size="sm" c="dimmed">{t('followup.noGuardian')}</Text> : null}
      {student.guardians.filter((guardian) => guardian.whatsapp_unavailable).map((guardian) => (
        <Text key={`${guardian.id}-no-whatsapp`} size="xs" c="dimmed" data-testid="no-whatsapp">
          {t(NO_WHATSAPP[guardian.whatsapp_unavailable!], { name: guardian.name })}
        </Text>
      ))}
      {student.guardians.flatMap(phonesOf).map((phone) => (
        <Group key={`${phone.guardian.id}-${phone.tel}`} gap="xs" justify="space-between" wrap="wrap">
          <Text size="sm" miw={0} style={{ overflowWrap: 'anywhere' }}>{phone.guardian.name} · {phone.display}</Text>
          <Group gap="xs">
            <Button component="a" href={phone.tel} size="xs" variant="light" leftSection={<IconPhone size={14} />}
              aria-label={t('followup.callGuardian', { name: phone.guardian.name, phone: phone.display })}>
              {t('followup.call')}
            </Button>
            {phone.whatsapp ? (
              <Button size="xs" variant="light" color="green" leftSection={<IconBrandWhatsapp size={14} />} onClick={() => onWhatsApp(phone)}
                aria-label={t('followup.whatsappGuardian', { name: phone.guardian.name, phone: phone.display })}>
                {t('followup.whatsapp')}
              </Button>
            ) : null}
          </Group>
        </Group>
      ))}
      <Group>
        <Button size="xs" variant="default" leftSection={<IconNotes size={14} />} onClick={onRecord}>{t('followup.recordContact')}</Button>
      </Group>
    </Stack>
  );
}
