import { useState, type FormEvent, type ReactNode } from 'react';
import { Alert, Button, Center, Container, Paper, PasswordInput, Stack, Text, TextInput, Title } from '@mantine/core';
import { IconAlertCircle, IconShieldLock } from '@tabler/icons-react';
import { Navigate, useNavigate } from 'react-router-dom';
import { operatorLoginInput } from '../../../../../common/schemas/auth';
import { FullPageLoader } from '../../../components/FullPageLoader';
import { serverMessage } from '../../../lib/errors';
import { trpc } from '../../../lib/trpc';
import { fieldErrors } from '../../../lib/field-errors';
import { CONSOLE_HOME } from '../frame/console-nav';
import { operatorSignedIn } from '../../../lib/operator-store';
import { OperatorUnreachable } from '../shared/OperatorUnreachable';
import { ADMIN_TEXTS } from '../shared/texts';
import { useOperatorSession } from '../shared/useOperatorSession';
import { RecoveryCodesStep, SecondFactorStep, type PasswordStep, type SignedIn } from './SecondFactorStep';

type Field = 'email' | 'password';

/**
 * /admin-login: the operator's email and password, then the second factor (at the
 * first sign-in, its enrolment and the recovery codes, shown once); a signed-in operator goes to the
 * console. The session is the cookie the server sets; the page keeps only its CSRF token.
 */
export function AdminLoginPage() {
  const session = useOperatorSession();
  const navigate = useNavigate();
  const utils = trpc.useUtils();
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  const [errors, setErrors] = useState<Partial<Record<Field, string>>>({});
  const [passwordStep, setPasswordStep] = useState<PasswordStep | null>(null);
  const [enrolled, setEnrolled] = useState<SignedIn | null>(null);

  const login = trpc.operatorAuth.login.useMutation({ onSuccess: setPasswordStep });
  const enter = (signedIn: SignedIn) => {
    // The answer is the verified session: no second round trip to operatorAuth.session.
    utils.operatorAuth.session.setData(undefined, { admin: signedIn.admin, csrf_token: signedIn.csrf_token });
    operatorSignedIn(signedIn.csrf_token);
    void navigate(CONSOLE_HOME, { replace: true });
  };
  const startOver = () => {
    setPasswordStep(null);
    setPassword('');
    login.reset();
  };

  if (enrolled?.recovery_codes) {
    return <LoginFrame><RecoveryCodesStep codes={enrolled.recovery_codes} onDone={() => enter(enrolled)} /></LoginFrame>;
  }
  if (passwordStep) {
    const signedIn = (result: SignedIn) => (result.recovery_codes ? setEnrolled(result) : enter(result));
    return <LoginFrame><SecondFactorStep step={passwordStep} onSignedIn={signedIn} onStartOver={startOver} /></LoginFrame>;
  }
  if (session.status === 'verifying') return <FullPageLoader label={ADMIN_TEXTS.verifying} />;
  if (session.status === 'unreachable') return <OperatorUnreachable retry={session.retry} retrying={session.retrying} />;
  if (session.status === 'signed_in') return <Navigate to={CONSOLE_HOME} replace />;

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const parsed = operatorLoginInput.safeParse({ email, password });
    if (!parsed.success) {
      setErrors(fieldErrors<Field>(parsed.error));
      return;
    }
    setErrors({});
    login.mutate(parsed.data);
  };
  const edited = (field: Field) => {
    setErrors((current) => (current[field] ? { ...current, [field]: undefined } : current));
    login.reset();
  };

  return (
    <LoginFrame>
      <form onSubmit={submit} noValidate aria-label="Admin sign in">
        <Stack gap="md">
          <TextInput
            label="Email"
            type="email"
            withAsterisk
            autoComplete="username"
            value={email}
            onChange={(event) => { setEmail(event.currentTarget.value); edited('email'); }}
            error={errors.email}
          />
          <PasswordInput
            label="Password"
            withAsterisk
            autoComplete="current-password"
            value={password}
            onChange={(event) => { setPassword(event.currentTarget.value); edited('password'); }}
            error={errors.password}
          />
          {login.isError ? (
            <Alert color="red" variant="light" icon={<IconAlertCircle size={18} />} role="alert">
              {serverMessage(login.error, ADMIN_TEXTS.loginFailed)}
            </Alert>
          ) : null}
          <Button type="submit" fullWidth loading={login.isPending}>Sign In</Button>
        </Stack>
      </form>
    </LoginFrame>
  );
}

function LoginFrame({ children }: { children: ReactNode }) {
  return (
    <Center component="main" mih="100dvh" p="md" bg="gray.0">
      <Container size={420} w="100%" px={0}>
        <Stack align="center" gap={4} mb="lg">
          <IconShieldLock size={40} stroke={1.5} aria-hidden />
          <Title order={1} size="h2" ta="center">{ADMIN_TEXTS.loginTitle}</Title>
          <Text c="dimmed" ta="center">{ADMIN_TEXTS.loginSubtitle}</Text>
        </Stack>
        <Paper withBorder shadow="sm" p={{ base: 'md', xs: 'xl' }} radius="md">
          {children}
        </Paper>
      </Container>
    </Center>
  );
}
