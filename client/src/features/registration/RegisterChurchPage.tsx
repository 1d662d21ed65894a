import { useEffect, useState, type FormEvent } from 'react';
import {
  Alert, Anchor, Button, Container, Divider, Group, Paper, PasswordInput, Radio, SimpleGrid, Skeleton, Stack, Text, TextInput, Title,
} from '@mantine/core';
import { IconAlertCircle, IconArrowLeft, IconBrandGoogle, IconBuildingChurch, IconInfoCircle } from '@tabler/icons-react';
import { Link, useLocation, useNavigate } from 'react-router-dom';
import { useSignsInWithGoogleOnly, GoogleAlerts } from '../auth';
import { emailSchema } from '../../../../common/schemas/auth';
import { googleRegistrationDraft, registerChurchInput, type RegisterChurchInput } from '../../../../common/schemas/churches';
import { serverMessage } from '../../lib/errors';
import { LanguagePicker } from '../../components/LanguagePicker';
import { activeLanguage, localized, useT, type MessageId } from '../../lib/i18n';
import { formatRupees } from '../../lib/format';
import { trpc } from '../../lib/trpc';
import { fieldErrors } from '../../lib/field-errors';
import { WRAPPING_BUTTON_STYLES } from '../../components/wrapping-button';
import {
  googleErrorOf, leaveForGoogle, pendingGoogleFlow, rememberGoogleFlow, type RegistrationDraft,
} from '../auth';
import { usePlans } from '../subscription';
import { Registered } from './Registered';
import { paidChurchOf, useRegistrationPayment } from './useRegistrationPayment';
import './messages';

type Field = 'name' | 'pincode' | 'address' | 'phone' | 'admin_name' | 'admin_email' | 'admin_password' | 'subscription_tier';
type Values = Record<Exclude<Field, 'subscription_tier'>, string>;
const EMPTY: Values = { name: '', pincode: '', address: '', phone: '', admin_name: '', admin_email: '', admin_password: '' };

/** The form of a Google registration that was cancelled or failed, back as it was sent. */
function returnedDraft(cameBackFromGoogle: boolean): RegistrationDraft | null {
  const pending = cameBackFromGoogle ? pendingGoogleFlow() : null;
  return pending?.intent === 'register' ? pending.draft : null;
}

/**
 * Register New Church: a plan, the church's details and its admin account. A free
 * church is registered at once and shown its code; a paid one is registered pending payment and
 * sent to the payment screen with the order (created with the registration's payment token). With
 * Google, the form is checked and kept in this tab, the browser goes to Google, and the callback
 * screen registers the church with the Google account as its super admin.
 */
/** A plan card's lines: its limits, written from the plan's own numbers in the reader's language (so
 * they never drift from what the plan allows), then the operator's extras as they wrote them. */
function planLines(t: ReturnType<typeof useT>, plan: { principals: number; teachers: number; students: number; classes: number; features: string[] }) {
  const limit = (id: MessageId, count: number) => t(id, { count, unlimited: count < 0 ? 'yes' : 'no' });
  return [
    limit('registration.limit.principals', plan.principals),
    limit('registration.limit.teachers', plan.teachers),
    limit('registration.limit.students', plan.students),
    limit('registration.limit.classes', plan.classes),
    ...plan.features.map((feature) => localized(t, feature)),
  ];
}

export function RegisterChurchPage() {
  const t = useT();
  const navigate = useNavigate();
  const location = useLocation();
  const { plans, fallback, isPending: plansPending } = usePlans();
  const [googleReturn, setGoogleReturn] = useState(() => googleErrorOf(location.state));
  const [draft] = useState(() => returnedDraft(googleReturn !== null));
  const [tier, setTier] = useState<RegisterChurchInput['subscription_tier']>(draft?.subscription_tier ?? 'free');
  const [values, setValues] = useState<Values>(() => (draft ? {
    ...EMPTY, name: draft.name, pincode: draft.pincode, address: draft.address ?? '', phone: draft.phone ?? '', admin_name: draft.admin_name ?? '',
  } : EMPTY));
  const [errors, setErrors] = useState<Partial<Record<Field, string>>>({});
  const [registeredCode, setRegisteredCode] = useState<string | null>(null);
  const register = trpc.churches.register.useMutation();
  const { awaiting: awaitingPayment, start: startPayment, createOrder } = useRegistrationPayment();
  const googleStart = trpc.auth.googleStart.useMutation();
  const plan = plans?.find((p) => p.tier === tier);
  const paid = (plan?.price_paise ?? 0) > 0;
  const consumerMail = useSignsInWithGoogleOnly(values.admin_email);
  const leavingForGoogle = googleStart.isPending || googleStart.isSuccess;
  const busy = register.isPending || createOrder.isPending || awaitingPayment !== null || leavingForGoogle;

  useEffect(() => {
    // The Google message is shown once: a reload of /register does not bring it back.
    if (googleErrorOf(location.state)) void navigate('.', { replace: true, state: null });
  }, [location.state, navigate]);

  const set = (field: keyof Values) => (event: { currentTarget: { value: string } }) => {
    const { value } = event.currentTarget;
    setValues((current) => ({ ...current, [field]: value }));
    setErrors((current) => (current[field] ? { ...current, [field]: undefined } : current));
    register.reset();
    googleStart.reset();
    setGoogleReturn(null);
  };

  /** The church's details are checked here; the admin's name and email will come from Google. */
  const registerWithGoogle = () => {
    setGoogleReturn(null);
    const parsed = googleRegistrationDraft.safeParse({
      name: values.name, pincode: values.pincode, address: values.address, phone: values.phone, admin_name: values.admin_name,
      subscription_tier: tier, ...(paid ? { subscription_plan: tier } : {}),
    });
    if (!parsed.success) {
      setErrors(fieldErrors<Field>(parsed.error));
      return;
    }
    setErrors({});
    const typed = emailSchema.safeParse(values.admin_email);
    googleStart.mutate({ intent: 'register', ...(typed.success ? { email: typed.data } : {}) }, {
      onSuccess: (answer) => {
        rememberGoogleFlow({ intent: 'register', draft: parsed.data });
        leaveForGoogle(answer.authorization_url);
      },
    });
  };

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (awaitingPayment) {
      startPayment(awaitingPayment);
      return;
    }
    if (consumerMail) {
      registerWithGoogle();
      return;
    }
    // The welcome mail is written in the language this page shows.
    const parsed = registerChurchInput.safeParse({
      ...values, auth_provider: 'local', subscription_tier: tier, ...(paid ? { subscription_plan: tier } : {}), language: activeLanguage(),
    });
    if (!parsed.success) {
      setErrors(fieldErrors<Field>(parsed.error));
      return;
    }
    setErrors({});
    register.mutate(parsed.data, {
      onSuccess: (answer) => {
        const church = paidChurchOf(answer);
        if (church) startPayment(church);
        else setRegisteredCode(answer.church.code);
      },
    });
  };

  if (registeredCode) {
    return (
      <Container component="main" size={520} py="xl" px="md">
        <Registered code={registeredCode} />
      </Container>
    );
  }

  return (
    <Container component="main" size={720} py="xl" px="md">
      <Group justify="flex-end" mb="xs">
        <LanguagePicker />
      </Group>
      <Stack align="center" gap={4} mb="lg">
        <IconBuildingChurch size={40} stroke={1.5} aria-hidden />
        <Title order={1} size="h2" ta="center">{t('registration.title')}</Title>
        <Text c="dimmed" ta="center">{t('registration.subtitle')}</Text>
      </Stack>
      <Paper withBorder shadow="sm" p={{ base: 'md', xs: 'xl' }} radius="md">
        <form onSubmit={submit} noValidate aria-label={t('registration.title')}>
          <Stack gap="lg">
            <Radio.Group label={t('registration.plan')} value={tier} onChange={(value) => setTier(value)} error={localized(t, errors.subscription_tier)}>
              {plansPending || !plans ? (
                <SimpleGrid cols={{ base: 1, sm: 3 }} mt="xs" aria-busy="true" aria-label={t('registration.loadingPlans')}>
                  {[0, 1, 2].map((i) => <Skeleton key={i} height={96} radius="md" />)}
                </SimpleGrid>
              ) : (
                <SimpleGrid cols={{ base: 1, sm: 3 }} mt="xs">
                  {plans.map((p) => (
                    <Radio.Card key={p.tier} value={p.tier} radius="md" p="md" data-testid={`choose-${p.tier}`} disabled={busy}>
                      <Group wrap="nowrap" align="flex-start" gap="sm">
                        <Radio.Indicator />
                        <Stack gap={2}>
                          <Text fw={600}>{localized(t, p.name)}</Text>
                          <Text size="sm">{t('registration.planPrice', { price: formatRupees(p.price), days: p.duration_days })}</Text>
                          <Text size="xs" c="dimmed" data-testid="plan-lines">{planLines(t, p).join(' · ')}</Text>
                        </Stack>
                      </Group>
                    </Radio.Card>
                  ))}
                </SimpleGrid>
              )}
            </Radio.Group>
            {fallback ? <Text size="sm" c="dimmed">{t('registration.plansFallback')}</Text> : null}

            <Stack gap="sm">
              <Title order={2} size="h4">{t('registration.churchDetails')}</Title>
              <TextInput label={t('registration.churchName')} withAsterisk value={values.name} onChange={set('name')} error={localized(t, errors.name)} disabled={busy} />
              <SimpleGrid cols={{ base: 1, xs: 2 }}>
                <TextInput label={t('registration.pincode')} withAsterisk inputMode="numeric" maxLength={6} value={values.pincode} onChange={set('pincode')} error={localized(t, errors.pincode)} disabled={busy} />
                <TextInput label={t('registration.phone')} type="tel" value={values.phone} onChange={set('phone')} error={localized(t, errors.phone)} disabled={busy} />
              </SimpleGrid>
              <TextInput label={t('registration.address')} value={values.address} onChange={set('address')} error={localized(t, errors.address)} disabled={busy} />
            </Stack>

            <Stack gap="sm">
              <Title order={2} size="h4">{t('registration.adminAccount')}</Title>
              <Text size="sm" c="dimmed">{consumerMail ? t('registration.googleHint') : t('registration.adminAccountHint')}</Text>
              <TextInput label={t('registration.adminName')} withAsterisk value={values.admin_name} onChange={set('admin_name')} error={localized(t, errors.admin_name)} disabled={busy} />
              <TextInput label={t('registration.adminEmail')} type="email" withAsterisk autoComplete="email" value={values.admin_email} onChange={set('admin_email')} error={localized(t, errors.admin_email)} disabled={busy} />
              {consumerMail ? (
                <Alert color="blue" variant="light" icon={<IconInfoCircle size={18} />}>
                  {t('auth.useGoogleSignIn')}
                </Alert>
              ) : (
                <PasswordInput label={t('registration.password')} description={t('registration.passwordHint')} withAsterisk autoComplete="new-password" value={values.admin_password} onChange={set('admin_password')} error={localized(t, errors.admin_password)} disabled={busy} />
              )}
            </Stack>

            {register.isError ? (
              <Alert color="red" variant="light" icon={<IconAlertCircle size={18} />} role="alert">
                {localized(t, serverMessage(register.error, t('registration.registrationFailed')))}
              </Alert>
            ) : null}
            {createOrder.isError ? (
              <Alert color="red" variant="light" icon={<IconAlertCircle size={18} />} role="alert">
                {localized(t, serverMessage(createOrder.error, t('registration.paymentStartFailed')))}
              </Alert>
            ) : null}

            <GoogleAlerts startError={googleStart.error} returned={googleReturn} />

            {awaitingPayment && createOrder.isError ? (
              <Text size="sm">{t('registration.registeredAwaitingPayment', { code: awaitingPayment.code })}</Text>
            ) : null}
            {consumerMail && !awaitingPayment ? (
              <Button styles={WRAPPING_BUTTON_STYLES} type="submit" variant="default" leftSection={<IconBrandGoogle size={18} />} fullWidth loading={leavingForGoogle} disabled={!plan}>
                {t('registration.googleRegistration')}
              </Button>
            ) : (
              <>
                <Button styles={WRAPPING_BUTTON_STYLES} type="submit" fullWidth size="md" loading={register.isPending || createOrder.isPending} disabled={!plan || leavingForGoogle}>
                  {paid && plan ? t('registration.continueToPayment', { amount: formatRupees(plan.price) }) : t('registration.startFreeTrial')}
                </Button>
                {awaitingPayment ? null : (
                  <>
                    <Divider label={t('registration.or')} labelPosition="center" />
                    <Button styles={WRAPPING_BUTTON_STYLES}
                      type="button" variant="default" leftSection={<IconBrandGoogle size={18} />} fullWidth
                      onClick={registerWithGoogle} loading={leavingForGoogle} disabled={!plan || register.isPending}
                    >
                      {t('registration.googleRegistration')}
                    </Button>
                  </>
                )}
              </>
            )}
          </Stack>
        </form>
      </Paper>
      <Group justify="center" mt="lg">
        <Anchor component={Link} to="/login" size="sm">
          <Group gap={4} component="span"><IconArrowLeft size={14} aria-hidden />{t('registration.backToLogin')}</Group>
        </Anchor>
      </Group>
    </Container>
  );
}
