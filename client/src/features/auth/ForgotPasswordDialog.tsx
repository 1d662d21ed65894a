import { useEffect, useState, type FormEvent } from 'react';
import { Alert, Button, Group, Modal, Stack, Text, TextInput } from '@mantine/core';
import { IconAlertCircle, IconCheck } from '@tabler/icons-react';
import { MESSAGES } from '../../../../common/constants';
import { forgotPasswordInput } from '../../../../common/schemas/auth';
import { serverMessage } from '../../lib/errors';
import { trpc } from '../../lib/trpc';
import { fieldErrors } from '../../lib/field-errors';
import { localized, useT } from '../../lib/i18n';
import './messages';

interface ForgotPasswordDialogProps {
  opened: boolean;
  onClose: () => void;
  /** The address typed on the sign-in form, as a starting value. */
  initialEmail: string;
}

/** Forgot password: asks for the email only (POST /api/auth/forgot-password). */
export function ForgotPasswordDialog({ opened, onClose, initialEmail }: ForgotPasswordDialogProps) {
  const t = useT();
  const [email, setEmail] = useState(initialEmail);
  const [emailError, setEmailError] = useState<string | undefined>();
  const request = trpc.auth.forgotPassword.useMutation();
  const { reset } = request;

  useEffect(() => {
    if (!opened) return;
    setEmail(initialEmail);
    setEmailError(undefined);
    reset();
  }, [opened, initialEmail, reset]);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const parsed = forgotPasswordInput.safeParse({ email });
    if (!parsed.success) {
      setEmailError(fieldErrors<'email'>(parsed.error).email);
      return;
    }
    request.mutate(parsed.data);
  };

  return (
    <Modal opened={opened} onClose={onClose} title={t('auth.resetTitle')} centered>
      {request.isSuccess ? (
        <Stack>
          <Alert color="teal" variant="light" icon={<IconCheck size={18} />} role="status">
            {localized(t, request.data.message || MESSAGES.resetLinkSent)}
          </Alert>
          <Group justify="flex-end">
            <Button onClick={onClose}>{t('auth.backToSignIn')}</Button>
          </Group>
        </Stack>
      ) : (
        <form onSubmit={submit} noValidate>
          <Stack>
            <Text size="sm" c="dimmed">{t('auth.forgotIntro')}</Text>
            <TextInput
              label={t('auth.email')}
              type="email"
              autoComplete="email"
              withAsterisk
              data-autofocus
              value={email}
              onChange={(event) => {
                setEmail(event.currentTarget.value);
                setEmailError(undefined);
              }}
              error={localized(t, emailError)}
            />
            {request.isError ? (
              <Alert color="red" variant="light" icon={<IconAlertCircle size={18} />} role="alert">
                {localized(t, serverMessage(request.error, MESSAGES.resetEmailFailed))}
              </Alert>
            ) : null}
            <Group justify="flex-end">
              <Button variant="default" onClick={onClose}>{t('common.cancel')}</Button>
              <Button type="submit" loading={request.isPending}>{t('auth.sendResetLink')}</Button>
            </Group>
          </Stack>
        </form>
      )}
    </Modal>
  );
}
