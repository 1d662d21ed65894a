import { Alert, Button, Paper, Stack, Text, Title } from '@mantine/core';
import { IconCircleCheck } from '@tabler/icons-react';
import { Link } from 'react-router-dom';
import { useT } from '../../lib/i18n';
import { WRAPPING_BUTTON_STYLES } from '../../components/wrapping-button';
import './messages';

/** A free church registered (by form or with Google): its code, the trial, and the way to sign in. */
export function Registered({ code }: { code: string }) {
  const t = useT();
  return (
    <Paper withBorder shadow="sm" p={{ base: 'md', xs: 'xl' }} radius="md" data-testid="registered">
      <Stack gap="md" align="center" ta="center">
        <IconCircleCheck size={40} color="var(--mantine-color-teal-6)" aria-hidden />
        <Title order={1} size="h3">{t('registration.registeredTitle')}</Title>
        <Stack gap={2}>
          <Text c="dimmed" size="sm">{t('registration.yourCode')}</Text>
          <Text fz={32} fw={700} ff="monospace" data-testid="church-code">{code}</Text>
        </Stack>
        <Text size="sm">{t('registration.codeHint')}</Text>
        <Alert color="teal" variant="light" role="status" w="100%">{t('registration.trialStarted')}</Alert>
        <Button styles={WRAPPING_BUTTON_STYLES} component={Link} to={`/login?code=${encodeURIComponent(code)}`} fullWidth>{t('registration.signInNow')}</Button>
      </Stack>
    </Paper>
  );
}
