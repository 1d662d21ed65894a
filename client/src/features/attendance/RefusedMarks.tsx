import { Alert, Button, CloseButton, Group, Stack, Text } from '@mantine/core';
import { IconAlertTriangle } from '@tabler/icons-react';
import type { RefusedMark } from '../../lib/offline/device-db';
import { dismissRefused, useRefusedMarks } from '../offline-marks';
import { formatCalendarDateIn } from '../../lib/format';
import { useLanguage, useT } from '../../lib/i18n';
import { MARK_REFUSALS } from './refusals';
import './messages';

/**
 * Marks taken on this device that the server refused when they were sent (a date older than 14 days
 * by then, a student moved to another class): each says who, which day and why, in the page's
 * language, until the teacher dismisses it (or all of them).
 */
export function RefusedMarks({ owner }: { owner: string }) {
  const t = useT();
  const locale = useLanguage();
  const refused = useRefusedMarks(owner);
  if (refused.length === 0) return null;

  const reasonOf = (mark: RefusedMark) => {
    const id = MARK_REFUSALS[mark.reason];
    return id ? t(id) : mark.message;
  };
  return (
    <Alert color="red" variant="light" icon={<IconAlertTriangle size={18} />} title={t('attendance.refusedTitle')} data-testid="refused-marks">
      <Stack gap="xs">
        {refused.map((mark) => {
          const values = { date: formatCalendarDateIn(locale, mark.date), reason: reasonOf(mark) };
          return (
            <Group key={`${mark.studentId}|${mark.date}`} justify="space-between" wrap="nowrap" gap="xs" role="alert" data-testid="refused-mark">
              <Text size="sm">
                {mark.studentName ? t('attendance.refusedMarkOf', { ...values, name: mark.studentName }) : t('attendance.refusedMark', values)}
              </Text>
              <CloseButton size="sm" aria-label={t('attendance.dismiss')} onClick={() => void dismissRefused(owner, mark)} />
            </Group>
          );
        })}
        {refused.length > 1 ? (
          <Button size="xs" variant="white" color="red" onClick={() => void dismissRefused(owner)} style={{ alignSelf: 'flex-start' }}>
            {t('attendance.dismissAll')}
          </Button>
        ) : null}
      </Stack>
    </Alert>
  );
}
