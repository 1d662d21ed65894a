import { Alert, Group, Text } from '@mantine/core';
import { IconCircleCheck, IconInfoCircle } from '@tabler/icons-react';
import { formatMomentIn } from '../../lib/format';
import { useLanguage, useT } from '../../lib/i18n';
import './messages';

interface SheetStateProps {
  /** When the sheet was last saved and by whom; null while nothing of it is stored. */
  lastSave: { at: string | null; by: string | null } | null;
  /** Marks of the sheet waiting on the device (OfflineStatus speaks of them). */
  waiting: number;
}

/**
 * Whether the sheet is stored, so an unmarked Sunday never looks like a saved one: "Saved at 10:04 by
 * Thomas", or "Not marked yet — everyone starts as present; tap Save" while the children shown
 * present are only the default.
 */
export function SheetState({ lastSave, waiting }: SheetStateProps) {
  const t = useT();
  const locale = useLanguage();
  if (lastSave) {
    const time = lastSave.at ? formatMomentIn(locale, Date.parse(lastSave.at)) : null;
    let text = t('attendance.saved');
    if (time) text = lastSave.by ? t('attendance.savedAtBy', { time, name: lastSave.by }) : t('attendance.savedAt', { time });
    return (
      <Group gap={6} wrap="nowrap" c="teal.9" data-testid="sheet-state" data-state="saved">
        <IconCircleCheck size={18} aria-hidden style={{ flexShrink: 0 }} />
        <Text size="sm" style={{ overflowWrap: 'anywhere' }}>{text}</Text>
      </Group>
    );
  }
  if (waiting > 0) return null;
  return (
    // A note about the sheet, not an alert: it stays while the sheet is not saved, and says nothing new.
    <Alert color="yellow" variant="light" icon={<IconInfoCircle size={18} />} py="xs" role="note" data-testid="sheet-state" data-state="not-marked">
      {t('attendance.notMarkedYet')}
    </Alert>
  );
}
