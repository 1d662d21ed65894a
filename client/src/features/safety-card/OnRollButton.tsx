import { Alert, Button } from '@mantine/core';
import { IconAlertCircle, IconDoorExit, IconUserCheck } from '@tabler/icons-react';
import { WRAPPING_BUTTON_STYLES } from '../../components/wrapping-button';
import { serverMessage } from '../../lib/errors';
import { localized, useT } from '../../lib/i18n';
import { notify } from '../../lib/notify';
import { trpc } from '../../lib/trpc';
import './messages';

/**
 * "Mark as left, keep history" on the card of a child on the roll, "Back on the roll" on the card of a
 * child who has left: the other way out beside erasure, for a family that moved away. The server
 * decides who may (whoever may edit the child) and what it means (students.setActive); the card, the
 * lists and the follow-up list are asked again. Shown to those who may edit students.
 */
export function OnRollButton({ student }: { student: { id: string; active: boolean } }) {
  const t = useT();
  const utils = trpc.useUtils();
  const change = trpc.students.setActive.useMutation({
    onSuccess: async (answer) => {
      notify({ color: 'green', message: localized(t, answer.message) });
      await Promise.all([
        utils.guardians.safetyCard.invalidate({ id: student.id }),
        utils.students.list.invalidate(), utils.students.byClass.invalidate(), utils.followUp.invalidate(),
      ]);
    },
  });
  const leaving = student.active;
  return (
    <>
      <Button variant="outline" color={leaving ? 'gray' : 'indigo'} loading={change.isPending}
        leftSection={leaving ? <IconDoorExit size={18} aria-hidden /> : <IconUserCheck size={18} aria-hidden />}
        onClick={() => change.mutate({ id: student.id, active: !leaving })}
        styles={WRAPPING_BUTTON_STYLES} data-testid="on-roll">
        {t(leaving ? 'safety.roll.markLeft' : 'safety.roll.backOnRoll')}
      </Button>
      {change.isError ? (
        <Alert color="red" variant="light" icon={<IconAlertCircle size={18} />} role="alert" w="100%">
          {localized(t, serverMessage(change.error, t('safety.roll.failed')))}
        </Alert>
      ) : null}
    </>
  );
}
