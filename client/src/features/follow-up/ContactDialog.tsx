import { useState } from 'react';
import { Alert, Button, Group, Modal, Radio, Stack, Text, Textarea } from '@mantine/core';
import { IconAlertCircle } from '@tabler/icons-react';
import { CONTACT_NOTE_MAX, CONTACT_OUTCOMES, FOLLOW_UP_MESSAGES as M, type ContactOutcome } from '../../../../common/follow-up';
import { serverMessage } from '../../lib/errors';
import { localized, useT } from '../../lib/i18n';
import { notify } from '../../lib/notify';
import { trpc } from '../../lib/trpc';
import { OUTCOME_LABELS, type FollowUpStudent } from './FollowUpStudentCard';
import './messages';

/**
 * How a call to a child's family went: the outcome and an optional note (at most the server's
 * limit). After the save the list and the dashboard's figures are fetched again: the child shows as
 * contacted, or, moved away, leaves the list. Keyed by the child, so each opening starts blank.
 */
export function ContactDialog({ student, onClose }: { student: FollowUpStudent | null; onClose: () => void }) {
  const t = useT();
  const utils = trpc.useUtils();
  const [outcome, setOutcome] = useState<ContactOutcome>('reached');
  const [note, setNote] = useState('');
  const save = trpc.followUp.recordContact.useMutation({
    onSuccess: async (result) => {
      notify({ color: 'green', message: localized(t, result.message) });
      onClose();
      await utils.followUp.invalidate();
      // Moved away makes the child inactive: the roll call and the student lists change too.
      if (!result.student_active) await Promise.all([utils.students.invalidate(), utils.attendance.invalidate()]);
    },
  });

  const tooLong = note.trim().length > CONTACT_NOTE_MAX;
  return (
    <Modal opened={student !== null} onClose={onClose} title={student ? t('followup.recordTitle', { child: student.student_name }) : ''} centered>
      <form
        noValidate
        onSubmit={(event) => {
          event.preventDefault();
          if (student && !tooLong) save.mutate({ studentId: student.student_id, outcome, note: note.trim() || undefined });
        }}
      >
        <Stack gap="md">
          <Radio.Group label={t('followup.outcomeLabel')} value={outcome} onChange={(value) => setOutcome(value)}>
            <Stack gap="xs" mt="xs">
              {CONTACT_OUTCOMES.map((value) => <Radio key={value} value={value} label={t(OUTCOME_LABELS[value])} />)}
            </Stack>
          </Radio.Group>
          {outcome === 'moved_away' ? <Text size="sm" c="dimmed">{t('followup.movedAwayHint')}</Text> : null}
          <Textarea
            label={t('followup.note')}
            value={note}
            onChange={(event) => { setNote(event.currentTarget.value); if (save.isError) save.reset(); }}
            autosize
            minRows={2}
            maxLength={CONTACT_NOTE_MAX}
            error={tooLong ? localized(t, M.noteTooLong) : undefined}
          />
          {save.isError ? (
            <Alert color="red" variant="light" icon={<IconAlertCircle size={18} />} role="alert">
              {localized(t, serverMessage(save.error, t('followup.saveFailed')))}
            </Alert>
          ) : null}
          <Group justify="flex-end" gap="sm">
            <Button variant="default" onClick={onClose}>{t('common.cancel')}</Button>
            <Button type="submit" loading={save.isPending} disabled={tooLong}>{t('followup.save')}</Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
