import { useEffect, useState, type FormEvent } from 'react';
import {
  Alert, Anchor, Button, Center, Container, Divider, Group, Paper, PasswordInput, Stack, Text, TextInput, Title,
} from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import { IconAlertCircle, IconBrandGoogle, IconBuildingChurch } from '@tabler/icons-react';
import { Link, useLocation, useNavigate, useSearchParams } from 'react-router-dom';
import { CHURCH_CODE_LENGTH, MESSAGES } from '../../../../common/constants';
import { serverMessage } from '../../lib/errors';
import { lazyScreen } from '../../lib/lazy-screen';
import { trpc } from '../../lib/trpc';
import { ScreenBoundary } from '../../components/ScreenBoundary';
import { LanguagePicker } from '../../components/LanguagePicker';
import { languageChosenOnThisPage, localized, useT } from '../../lib/i18n';
import { loadAuthSchemas } from './auth-schemas';
import { useSignedIn } from './useSignedIn';
import { GoogleAlerts } from './GoogleAlerts';
import { googleErrorOf, leaveForGoogle, pendingGoogleFlow, rememberGoogleFlow } from './google-flow';
import { fieldErrors } from '../../lib/field-errors';
import { useSignsInWithGoogleOnly } from './sign-in-options';
import { SupportLine } from './SupportLine';
import './messages';

type Field = 'church_code' | 'email' | 'password';

/** Examples in the empty fields: the same in every language. */
const CHURCH_CODE_EXAMPLE = 'ABC123';
const EMAIL_EXAMPLE = 'you@example.org';
type Errors = Partial<Record<Field, string>>;

/** The dialog (and Mantine's modal machinery) is fetched when first asked for, not with the form. */
const ForgotPasswordDialog = lazyScreen(() => import('./ForgotPasswordDialog').then((m) => m.ForgotPasswordDialog));

/** The sign-in screen: church code, email and password, or Google. */
export function LoginPage() {
  const t = useT();
  const navigate = useNavigate();
  // "Sign in now" after a registration brings the new church's code along (?code=); a cancelled or
  // failed Google sign-in comes back with its message and the code it was for.
  const [searchParams] = useSearchParams();
  const location = useLocation();
  const [googleReturn, setGoogleReturn] = useState(() => googleErrorOf(location.state));
  const [churchCode, setChurchCode] = useState(() => {
    const pending = googleReturn ? pendingGoogleFlow() : null;
    const code = searchParams.get('code') ?? (pending?.intent === 'login' ? pending.churchCode : '');
    return code.toUpperCase().slice(0, CHURCH_CODE_LENGTH);
  });
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  const [errors, setErrors] = useState<Errors>({});
  const [forgotOpened, forgot] = useDisclosure(false);
  const [forgotRequested, setForgotRequested] = useState(false);
  const openForgot = () => {
    setForgotRequested(true);
    forgot.open();
  };
  // A Gmail address signs in with Google while the server has it configured, else with its password.
  const consumerMail = useSignsInWithGoogleOnly(email);
  const [schemasFailed, setSchemasFailed] = useState(false);

  // The schemas are fetched once the user starts on the form (submit waits for them): on a slow
  // connection the first paint of the form does not share the line with them.
  const fetchSchemas = () => void loadAuthSchemas().catch(() => undefined);
  useEffect(() => {
    // The Google message is shown once: a reload of /login does not bring it back.
    if (googleErrorOf(location.state)) void navigate({ search: location.search }, { replace: true, state: null });
  }, [location.state, location.search, navigate]);

  const signedIn = useSignedIn();
  const login = trpc.auth.login.useMutation({ onSuccess: signedIn });

  // Google sign-in: the server answers the provider's address (and sets the flow's cookie); the
  // page then leaves for Google, which sends the browser back to the callback screen.
  const googleStart = trpc.auth.googleStart.useMutation({
    onSuccess: (answer, input) => {
      if (input.intent === 'login') rememberGoogleFlow({ intent: 'login', churchCode: input.church_code });
      leaveForGoogle(answer.authorization_url);
    },
  });

  const clearFieldError = (field: Field) => {
    setErrors((current) => (current[field] ? { ...current, [field]: undefined } : current));
    setGoogleReturn(null);
    setSchemasFailed(false);
    login.reset();
    googleStart.reset();
  };

  const signInWithGoogle = ({ loginInput }: Awaited<ReturnType<typeof loadAuthSchemas>>) => {
    // Google sign-in needs the church code and the email only (the email preselects the account).
    const parsed = loginInput.pick({ church_code: true, email: true }).safeParse({ church_code: churchCode, email });
    if (!parsed.success) {
      setErrors(fieldErrors<Field>(parsed.error));
      return;
    }
    setErrors({});
    setGoogleReturn(null);
    googleStart.mutate({ intent: 'login', ...parsed.data });
  };

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setSchemasFailed(false);
    let schemas: Awaited<ReturnType<typeof loadAuthSchemas>>;
    try {
      schemas = await loadAuthSchemas();
    } catch {
      setSchemasFailed(true);
      return;
    }
    if (consumerMail) {
      signInWithGoogle(schemas);
      return;
    }
    const parsed = schemas.loginInput.safeParse({ church_code: churchCode, email, password });
    if (!parsed.success) {
      setErrors(fieldErrors<Field>(parsed.error));
      return;
    }
    setErrors({});
    login.mutate({ ...parsed.data, language: languageChosenOnThisPage() });
  };

  return (
    <Center component="main" mih="100dvh" p="md" bg="gray.0">
      <Container size={440} w="100%" px={0}>
        <Group justify="flex-end" mb="xs">
          <LanguagePicker />
        </Group>
        <Stack align="center" gap={4} mb="lg">
          <IconBuildingChurch size={40} stroke={1.5} aria-hidden />
          <Title order={1} size="h2" ta="center">{t('auth.appName')}</Title>
          <Text c="dimmed" ta="center">{t('auth.signInSubtitle')}</Text>
        </Stack>

        <Paper withBorder shadow="sm" p={{ base: 'md', xs: 'xl' }} radius="md">
          <form onSubmit={(event) => void submit(event)} onFocus={fetchSchemas} noValidate aria-label={t('auth.signInForm')}>
            <Stack gap="md">
              <TextInput
                label={t('auth.churchCode')}
                placeholder={CHURCH_CODE_EXAMPLE}
                withAsterisk
                maxLength={CHURCH_CODE_LENGTH}
                autoCapitalize="characters"
                autoComplete="off"
                spellCheck={false}
                value={churchCode}
                onChange={(event) => {
                  setChurchCode(event.currentTarget.value.toUpperCase());
                  clearFieldError('church_code');
                }}
                error={localized(t, errors.church_code)}
              />
              <TextInput
                label={t('auth.email')}
                type="email"
                placeholder={EMAIL_EXAMPLE}
                withAsterisk
                autoComplete="username"
                value={email}
                onChange={(event) => {
                  setEmail(event.currentTarget.value);
                  clearFieldError('email');
                }}
                error={localized(t, errors.email)}
              />

              {consumerMail ? (
                <Stack gap="xs">
                  <Text size="sm" c="dimmed">{t('auth.useGoogleSignIn')}</Text>
                  <Button
                    variant="default"
                    type="submit"
                    leftSection={<IconBrandGoogle size={18} />}
                    fullWidth
                    // Stays busy once the address is here: the page is leaving for Google.
                    loading={googleStart.isPending || googleStart.isSuccess}
                  >
                    {t('auth.signInWithGoogle')}
                  </Button>
                </Stack>
              ) : (
                <PasswordInput
                  label={t('auth.password')}
                  withAsterisk
                  autoComplete="current-password"
                  value={password}
                  onChange={(event) => {
                    setPassword(event.currentTarget.value);
                    clearFieldError('password');
                  }}
                  error={localized(t, errors.password)}
                />
              )}

              <Group justify="flex-end" mt={-8}>
                <Anchor
                  component="button"
                  type="button"
                  size="sm"
                  onClick={openForgot}
                  onPointerEnter={() => void ForgotPasswordDialog.preload().catch(() => undefined)}
                >
                  {t('auth.forgotPassword')}
                </Anchor>
              </Group>

              <GoogleAlerts startError={googleStart.error} returned={googleReturn} />
              {schemasFailed ? (
                <Alert color="red" variant="light" icon={<IconAlertCircle size={18} />} role="alert">
                  {t('common.screenLoadFailed')}
                </Alert>
              ) : null}
              {login.isError ? (
                <Alert color="red" variant="light" icon={<IconAlertCircle size={18} />} role="alert">
                  {localized(t, serverMessage(login.error, MESSAGES.loginFailed))}
                </Alert>
              ) : null}

              {consumerMail ? null : (
                <Button type="submit" fullWidth loading={login.isPending}>{t('auth.signIn')}</Button>
              )}
            </Stack>
          </form>

          <Divider my="lg" />
          <Text size="sm" ta="center">
            {t('auth.newChurch')}{' '}
            <Anchor component={Link} to="/register">{t('auth.registerChurch')}</Anchor>
          </Text>
        </Paper>

        <SupportLine />
      </Container>

      {forgotRequested ? (
        <ScreenBoundary fallback={null}>
          <ForgotPasswordDialog opened={forgotOpened} onClose={forgot.close} initialEmail={email} />
        </ScreenBoundary>
      ) : null}
    </Center>
  );
}
