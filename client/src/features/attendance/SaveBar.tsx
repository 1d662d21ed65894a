import { Alert, Box, Button, Group, Stack, Text } from '@mantine/core';
import { IconAlertTriangle, IconCheck, IconDeviceFloppy, IconPencil, IconRefresh } from '@tabler/icons-react';
import { WRAPPING_BUTTON_STYLES } from '../../components/wrapping-button';
import { useT } from '../../lib/i18n';
import type { SaveFeedback } from './useRollCall';
import './messages';

interface SaveBarProps {
  present: number;
  absent: number;
  feedback: SaveFeedback | null;
  onDismissFeedback: () => void;
  /** Taps not saved yet. */
  hasUnsavedMarks: boolean;
  saving: boolean;
  onSave: () => void;
}

/**
 * The bottom of the sheet, which stays on screen while the list scrolls (above a phone's home
 * indicator): what the last save said (a failure with Retry), the note of unsaved taps, and Save with
 * the counts. Nothing covers it: on a demo server it stands above the ribbon.
 */
export function SaveBar({ present, absent, feedback, onDismissFeedback, hasUnsavedMarks, saving, onSave }: SaveBarProps) {
  const t = useT();
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
        {feedback?.kind === 'success' || feedback?.kind === 'queued' ? (
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
