import { useEffect } from 'react';
import { Alert, Anchor, Button, Center, Container, Paper, PasswordInput, Stack, Text, Title } from '@mantine/core';
import { schemaResolver, useForm } from '@mantine/form';
import { IconAlertCircle, IconBuildingChurch, IconCircleCheck } from '@tabler/icons-react';
import { Link, useNavigate, useParams } from 'react-router-dom';
import { PASSWORD_MESSAGES, resetPasswordForm } from '../../../../common/schemas/password';
import { serverMessage } from '../../lib/errors';
import { trpc } from '../../lib/trpc';
import { localized, useT } from '../../lib/i18n';
import './messages';

/** How long the success message shows before the sign-in screen. */
const REDIRECT_AFTER_MS = 2500;

/**
 * The password reset page, opened from the mailed link /reset-password/{token}:
 * the new password twice, checked against the same schema as the server's (the registration's
 * password policy, and the two must match). On success: 'Password reset successful', then the
 * sign-in screen after 2.5 seconds. A used, expired or unknown link shows the server's message
 * instead of the form, with the way back to sign in (where a new link can be asked for).
 */
export function ResetPasswordPage() {
  const t = useT();
  const { token = '' } = useParams<{ token: string }>();
  const navigate = useNavigate();
  const reset = trpc.auth.resetPassword.useMutation();
  const form = useForm({
    initialValues: { newPassword: '', confirmPassword: '' },
    validate: schemaResolver(resetPasswordForm, { sync: true }),
    validateInputOnBlur: ['confirmPassword'],
    onValuesChange: () => {
      if (reset.isError) reset.reset();
    },
  });

  useEffect(() => {
    if (!reset.isSuccess) return;
    const timer = setTimeout(() => void navigate('/login', { replace: true }), REDIRECT_AFTER_MS);
    return () => clearTimeout(timer);
  }, [reset.isSuccess, navigate]);

  const failure = reset.isError ? serverMessage(reset.error, t('auth.resetFailed')) : null;
  const linkInvalid = failure === PASSWORD_MESSAGES.invalidResetLink;
  const shownFailure = failure === null ? null : localized(t, failure);
  // The shared schema's messages are English: shown in the active language.
  const passwordProps = (field: 'newPassword' | 'confirmPassword') => {
    const props = form.getInputProps(field);
    return { ...props, error: localized(t, props.error as string | undefined) };
  };

  let content;
  if (reset.isSuccess) {
    content = (
      <Stack gap="md" align="center" ta="center">
        <IconCircleCheck size={40} color="var(--mantine-color-teal-7)" aria-hidden />
        <Alert color="teal" variant="light" role="status" w="100%">{localized(t, reset.data.message || PASSWORD_MESSAGES.resetSuccessful)}</Alert>
        <Text size="sm" c="dimmed">{t('auth.takingYouToSignIn')}</Text>
        <Button component={Link} to="/login" replace fullWidth>{t('auth.signInNow')}</Button>
      </Stack>
    );
  } else if (linkInvalid) {
    content = (
      <Stack gap="md">
        <Alert color="red" variant="light" icon={<IconAlertCircle size={18} />} role="alert">{shownFailure}</Alert>
        <Text size="sm">{t('auth.resetLinkRule')}</Text>
        <Button component={Link} to="/login" replace fullWidth>{t('auth.backToSignIn')}</Button>
      </Stack>
    );
  } else {
    content = (
      <form
        noValidate
        aria-label={t('auth.newPasswordForm')}
        onSubmit={form.onSubmit(({ newPassword }) => reset.mutate({ token, newPassword }))}
      >
        <Stack gap="md">
          <PasswordInput
            label={t('auth.newPassword')}
            withAsterisk
            autoComplete="new-password"
            key={form.key('newPassword')}
            {...passwordProps('newPassword')}
          />
          <PasswordInput
            label={t('auth.confirmPassword')}
            withAsterisk
            autoComplete="new-password"
            key={form.key('confirmPassword')}
            {...passwordProps('confirmPassword')}
          />
          {shownFailure ? (
            <Alert color="red" variant="light" icon={<IconAlertCircle size={18} />} role="alert">{shownFailure}</Alert>
          ) : null}
          <Button type="submit" fullWidth loading={reset.isPending}>{t('auth.resetPassword')}</Button>
          <Text size="sm" ta="center">
            <Anchor component={Link} to="/login">{t('auth.backToSignIn')}</Anchor>
          </Text>
        </Stack>
      </form>
    );
  }

  return (
    <Center component="main" mih="100dvh" p="md" bg="gray.0">
      <Container size={440} w="100%" px={0}>
        <Stack align="center" gap={4} mb="lg">
          <IconBuildingChurch size={40} stroke={1.5} aria-hidden />
          <Title order={1} size="h2" ta="center">{t('auth.resetTitle')}</Title>
          <Text c="dimmed" ta="center">{t('auth.resetSubtitle')}</Text>
        </Stack>
        <Paper withBorder shadow="sm" p={{ base: 'md', xs: 'xl' }} radius="md">
          {content}
        </Paper>
      </Container>
    </Center>
  );
}
