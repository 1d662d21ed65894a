import { Alert, Box, Button, Group, Stack, Text } from '@mantine/core';
import { IconAlertTriangle, IconCheck, IconCloudUpload, IconDeviceFloppy, IconPencil, IconRefresh } from '@tabler/icons-react';
import { WRAPPING_BUTTON_STYLES } from '../../components/wrapping-button';
import { formatDayMonthIn } from '../../lib/format';
import { useLanguage, useT } from '../../lib/i18n';
import type { SaveFeedback, SheetSync } from './useRollCall';
import './messages';

interface SaveBarProps {
  present: number;
  absent: number;
  feedback: SaveFeedback | null;
  /** The sheet's marks kept on this phone (waiting, or just saved to the church), with the sheet's class and date. */
  sync: { state: SheetSync | null; className: string; date: string };
  onDismissFeedback: () => void;
  /** Taps not saved yet. */
  hasUnsavedMarks: boolean;
  saving: boolean;
  onSave: () => void;
}

/**
 * The bottom of the sheet, which stays on screen while the list scrolls (above a phone's home
 * indicator): the sheet's marks kept on this phone (yellow) or just saved to the church from it
 * (green), what the last save said (a failure with Retry), the note of unsaved taps, and Save with
 * the counts. Nothing covers it: on a demo server it stands above the ribbon.
 */
export function SaveBar({ present, absent, feedback, sync, onDismissFeedback, hasUnsavedMarks, saving, onSave }: SaveBarProps) {
  const t = useT();
  const locale = useLanguage();
  return (
    <Box
      pos="sticky"
      // Above a demo server's ribbon (client/index.html), which is fixed at the foot of the screen.
      bottom="var(--demo-ribbon-height, 0px)"
      pt="sm"
      style={{
        zIndex: 3,
        background: 'var(--mantine-color-body)',
        paddingBottom: 'calc(var(--mantine-spacing-sm) + env(safe-area-inset-bottom))',
        borderTop: '1px solid var(--mantine-color-default-border)',
      }}
    >
      <Stack gap="xs">
        {sync.state?.kind === 'kept' ? (
          <Alert color="yellow" variant="light" icon={<IconCloudUpload size={18} />} role="status" py="xs" data-testid="sheet-sync" data-state="kept">
            {t('attendance.keptOnPhoneState')}
          </Alert>
        ) : null}
        {sync.state?.kind === 'synced' ? (
          <Alert color="green" variant="light" icon={<IconCheck size={18} />} role="status" py="xs" data-testid="sheet-sync" data-state="synced">
            {t('attendance.savedToChurch', {
              className: sync.className, date: formatDayMonthIn(locale, sync.date), present: sync.state.present, absent: sync.state.absent,
            })}
          </Alert>
        ) : null}
        {feedback?.kind === 'success' ? (
          <Alert color="teal" variant="light" icon={<IconCheck size={18} />} role="status" py="xs">
            {feedback.text}
          </Alert>
        ) : null}
        {feedback?.kind === 'error' ? (
          <Alert
            color="red"
            variant="light"
            icon={<IconAlertTriangle size={18} />}
            role="alert"
            py="xs"
            withCloseButton
            closeButtonLabel={t('attendance.dismiss')}
            onClose={onDismissFeedback}
          >
            <Group justify="space-between" wrap="nowrap" gap="sm">
              <Text size="sm">{feedback.text}</Text>
              <Button
                size="xs"
                variant="white"
                color="red"
                leftSection={<IconRefresh size={14} />}
                onClick={onSave}
                style={{ flexShrink: 0 }}
              >
                {t('attendance.retry')}
              </Button>
            </Group>
          </Alert>
        ) : null}
        {hasUnsavedMarks ? (
          <Group gap={6} wrap="nowrap" c="dimmed" data-testid="unsaved-note">
            <IconPencil size={16} aria-hidden />
            <Text size="sm">{t('attendance.unsaved')}</Text>
          </Group>
        ) : null}
        <Button
          size="lg"
          fullWidth
          leftSection={<IconDeviceFloppy size={20} />}
          onClick={onSave}
          loading={saving}
          aria-busy={saving}
          data-testid="save-attendance"
          styles={WRAPPING_BUTTON_STYLES}
        >
          {t('attendance.save', { present, absent })}
        </Button>
      </Stack>
    </Box>
  );
}
