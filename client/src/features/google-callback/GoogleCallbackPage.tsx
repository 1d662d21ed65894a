import { useEffect, useRef, useState, type ReactNode } from 'react';
import { Alert, Button, Center, Container, Loader, Paper, Stack, Text, Title } from '@mantine/core';
import { IconAlertCircle, IconArrowLeft } from '@tabler/icons-react';
import { Link, useNavigate, useSearchParams } from 'react-router-dom';
import { MESSAGES } from '../../../../common/constants';
import { serverMessage } from '../../lib/errors';
import { activeLanguage, localized, useT } from '../../lib/i18n';
import { trpc } from '../../lib/trpc';
import { Registered, paidChurchOf, useRegistrationPayment } from '../registration';
import { forgetGoogleFlow, pendingGoogleFlow, useSignedIn, type GoogleReturnState, type PendingGoogleFlow } from '../auth';

/** Where each kind of flow goes back to. */
const originOf = (flow: PendingGoogleFlow | null) => (flow?.intent === 'register' ? '/register' : '/login');

function Frame({ children }: { children: ReactNode }) {
  return (
    <Center component="main" mih="100dvh" p="md" bg="gray.0">
      <Container size={520} w="100%" px={0}>{children}</Container>
    </Center>
  );
}

/**
 * The address Google sends the browser back to (`/auth/google/callback?code=...&state=...`, or
 * `?error=access_denied` when the person cancelled). It posts the code and state to the server,
 * which checks them against the flow's cookie: sign-in then stores the session exactly as password
 * sign-in does and goes home; registration shows the new church's code, or goes to payment for a
 * paid plan. A cancelled consent goes back to the screen it came from with the spec's message for a
 * missing credential; any other failure is shown here with the way back.
 */
export function GoogleCallbackPage() {
  // The texts are the auth area's (registered by the auth feature, which this screen imports).
  const t = useT();
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const [flow] = useState(pendingGoogleFlow);
  const [lost, setLost] = useState(false);
  const [registeredCode, setRegisteredCode] = useState<string | null>(null);
  const payment = useRegistrationPayment();

  const signedIn = useSignedIn();
  const googleLogin = trpc.auth.googleLogin.useMutation({
    onSuccess: (data) => {
      forgetGoogleFlow();
      // The answer is the verified session (a church user's or an officer's), as after password sign-in.
      signedIn(data);
    },
  });
  const register = trpc.churches.register.useMutation({
    onSuccess: (answer) => {
      forgetGoogleFlow();
      const church = paidChurchOf(answer);
      if (church) payment.start(church);
      else setRegisteredCode(answer.church.code);
    },
  });

  // Runs once: the code is good for one exchange (React may run an effect twice in development).
  const completed = useRef(false);
  useEffect(() => {
    if (completed.current) return;
    completed.current = true;
    const code = params.get('code');
    const state = params.get('state');
    if (params.get('error') || !code || !state) {
      const back: GoogleReturnState = { googleError: MESSAGES.googleLoginFailed };
      void navigate(originOf(flow), { replace: true, state: back });
      return;
    }
    // The code must not stay in the address bar or the history.
    void navigate('.', { replace: true });
    if (!flow) setLost(true);
    else if (flow.intent === 'login') googleLogin.mutate({ church_code: flow.churchCode, token: code, state });
    else register.mutate({ ...flow.draft, auth_provider: 'google', google_token: code, state, language: activeLanguage() });
  }, [flow, params, navigate, googleLogin, register]);

  if (registeredCode) {
    return <Frame><Registered code={registeredCode} /></Frame>;
  }

  const failure = lost ? t('auth.googleFlowLost')
    : googleLogin.isError ? localized(t, serverMessage(googleLogin.error, MESSAGES.googleFailedFallback))
      : register.isError ? localized(t, serverMessage(register.error, t('registration.googleRegistrationFailed')))
        : payment.createOrder.isError ? localized(t, serverMessage(payment.createOrder.error, t('registration.paymentStartFailed')))
          : null;
  const back = originOf(flow);

  return (
    <Frame>
      <Paper withBorder shadow="sm" p={{ base: 'md', xs: 'xl' }} radius="md">
        {failure ? (
          <Stack gap="md">
            <Title order={1} size="h3">{t('auth.googleFailedTitle')}</Title>
            <Alert color="red" variant="light" icon={<IconAlertCircle size={18} />} role="alert">{failure}</Alert>
            {payment.awaiting && payment.createOrder.isError ? (
              <>
                <Text size="sm">{t('registration.registeredAwaitingPayment', { code: payment.awaiting.code })}</Text>
                <Button onClick={() => payment.start(payment.awaiting!)} loading={payment.createOrder.isPending}>{t('common.retry')}</Button>
              </>
            ) : (
              // Back with the message, so the screen there keeps the church code or the registration form.
              <Button component={Link} to={back} state={{ googleError: failure } satisfies GoogleReturnState} variant="default" leftSection={<IconArrowLeft size={16} />}>
                {back === '/register' ? t('auth.backToRegistration') : t('auth.backToSignIn')}
              </Button>
            )}
          </Stack>
        ) : (
          <Stack align="center" gap="sm" role="status" aria-live="polite">
            <Loader />
            <Text c="dimmed">{flow?.intent === 'register' ? t('registration.googleFinishing') : t('auth.signingInWithGoogle')}</Text>
          </Stack>
        )}
      </Paper>
    </Frame>
  );
}
