import { useState, type FormEvent } from 'react';
import {
  Alert, Anchor, Button, Container, Group, Paper, PasswordInput, Radio, SimpleGrid, Skeleton, Stack, Text, TextInput, Title,
} from '@mantine/core';
import { IconAlertCircle, IconArrowLeft, IconBrandGoogle, IconBuildingChurch, IconCircleCheck, IconInfoCircle } from '@tabler/icons-react';
import { useMutation } from '@tanstack/react-query';
import { Link, useNavigate } from 'react-router-dom';
import { isConsumerMail, MESSAGES } from '../../../../common/constants';
import { registerChurchInput, type RegisterChurchInput } from '../../../../common/schemas/churches';
import { serverMessage } from '../../lib/errors';
import { formatRupees } from '../../lib/format';
import { trpc, type PaymentCredentials } from '../../lib/trpc';
import { fieldErrors } from '../auth/validation';
import { goToPayment } from '../payments/payment-state';
import { usePlans } from '../subscription/usePlans';
import { REGISTRATION_TEXTS as T } from './texts';

type Field = 'name' | 'pincode' | 'address' | 'phone' | 'admin_name' | 'admin_email' | 'admin_password' | 'subscription_tier';
type Values = Record<Exclude<Field, 'subscription_tier'>, string>;
interface PaidChurch {
  code: string;
  name: string;
  tier: 'basic' | 'premium';
  payment: PaymentCredentials;
}
const EMPTY: Values = { name: '', pincode: '', address: '', phone: '', admin_name: '', admin_email: '', admin_password: '' };

function Registered({ code }: { code: string }) {
  return (
    <Paper withBorder shadow="sm" p={{ base: 'md', xs: 'xl' }} radius="md" data-testid="registered">
      <Stack gap="md" align="center" ta="center">
        <IconCircleCheck size={40} color="var(--mantine-color-teal-6)" aria-hidden />
        <Title order={2} size="h3">{T.registeredTitle}</Title>
        <Stack gap={2}>
          <Text c="dimmed" size="sm">{T.yourCode}</Text>
          <Text fz={32} fw={700} ff="monospace" data-testid="church-code">{code}</Text>
        </Stack>
        <Text size="sm">{T.codeHint}</Text>
        <Alert color="teal" variant="light" role="status" w="100%">{T.trialStarted}</Alert>
        <Button component={Link} to={`/login?code=${encodeURIComponent(code)}`} fullWidth>{T.signInNow}</Button>
      </Stack>
    </Paper>
  );
}

/**
 * Register New Church (01 section 2): a plan, the church's details and its admin account. A free
 * church is registered at once and shown its code; a paid one is registered pending payment and
 * sent to the payment screen with the order (created with the registration's payment token).
 */
export function RegisterChurchPage() {
  const navigate = useNavigate();
  const { plans, fallback, isPending: plansPending } = usePlans();
  const [tier, setTier] = useState<RegisterChurchInput['subscription_tier']>('free');
  const [values, setValues] = useState<Values>(EMPTY);
  const [errors, setErrors] = useState<Partial<Record<Field, string>>>({});
  const [googleNotice, setGoogleNotice] = useState(false);
  const [registeredCode, setRegisteredCode] = useState<string | null>(null);
  // A paid church registered whose order could not be made yet: a second submit makes the order
  // only, never a second church.
  const [awaitingPayment, setAwaitingPayment] = useState<PaidChurch | null>(null);
  const register = trpc.churches.register.useMutation();
  const utils = trpc.useUtils();
  // The order of a paid registration is made with its payment token (per call: it is known only
  // once the church is registered).
  const createOrder = useMutation({
    mutationFn: (church: PaidChurch) => utils.client.payments.createOrder.mutate(
      { plan_type: church.tier }, { context: { payment: church.payment } },
    ),
  });
  const plan = plans?.find((p) => p.tier === tier);
  const paid = (plan?.price_paise ?? 0) > 0;
  const consumerMail = isConsumerMail(values.admin_email);
  const busy = register.isPending || createOrder.isPending || awaitingPayment !== null;

  const startPayment = (church: PaidChurch) => {
    createOrder.mutate(church, {
      onSuccess: (order) => goToPayment(navigate, {
        order, church: { code: church.code, name: church.name }, payment: church.payment, from: '/login',
      }),
    });
  };

  const set = (field: keyof Values) => (event: { currentTarget: { value: string } }) => {
    const { value } = event.currentTarget;
    setValues((current) => ({ ...current, [field]: value }));
    setErrors((current) => (current[field] ? { ...current, [field]: undefined } : current));
    register.reset();
  };

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (awaitingPayment) {
      startPayment(awaitingPayment);
      return;
    }
    if (consumerMail) {
      setGoogleNotice(true);
      return;
    }
    const parsed = registerChurchInput.safeParse({
      ...values, auth_provider: 'local', subscription_tier: tier, ...(paid ? { subscription_plan: tier } : {}),
    });
    if (!parsed.success) {
      setErrors(fieldErrors<Field>(parsed.error));
      return;
    }
    setErrors({});
    register.mutate(parsed.data, {
      onSuccess: (answer) => {
        const { church } = answer;
        if (!answer.payment_token || !paid) {
          setRegisteredCode(church.code);
          return;
        }
        const registered: PaidChurch = {
          code: church.code,
          name: church.name,
          tier: tier === 'premium' ? 'premium' : 'basic',
          payment: { token: answer.payment_token, churchCode: church.code },
        };
        setAwaitingPayment(registered);
        startPayment(registered);
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
      <Stack align="center" gap={4} mb="lg">
        <IconBuildingChurch size={40} stroke={1.5} aria-hidden />
        <Title order={1} size="h2" ta="center">{T.title}</Title>
        <Text c="dimmed" ta="center">{T.subtitle}</Text>
      </Stack>
      <Paper withBorder shadow="sm" p={{ base: 'md', xs: 'xl' }} radius="md">
        <form onSubmit={submit} noValidate aria-label={T.title}>
          <Stack gap="lg">
            <Radio.Group label={T.plan} value={tier} onChange={(value) => setTier(value)} error={errors.subscription_tier}>
              {plansPending || !plans ? (
                <SimpleGrid cols={{ base: 1, sm: 3 }} mt="xs" aria-busy="true" aria-label="Loading plans">
                  {[0, 1, 2].map((i) => <Skeleton key={i} height={96} radius="md" />)}
                </SimpleGrid>
              ) : (
                <SimpleGrid cols={{ base: 1, sm: 3 }} mt="xs">
                  {plans.map((p) => (
                    <Radio.Card key={p.tier} value={p.tier} radius="md" p="md" data-testid={`choose-${p.tier}`} disabled={busy}>
                      <Group wrap="nowrap" align="flex-start" gap="sm">
                        <Radio.Indicator />
                        <Stack gap={2}>
                          <Text fw={600}>{p.name}</Text>
                          <Text size="sm">{formatRupees(p.price)} / {p.duration_days} days</Text>
                          <Text size="xs" c="dimmed">{p.features.join(' · ')}</Text>
                        </Stack>
                      </Group>
                    </Radio.Card>
                  ))}
                </SimpleGrid>
              )}
            </Radio.Group>
            {fallback ? <Text size="sm" c="dimmed">{T.plansFallback}</Text> : null}

            <Stack gap="sm">
              <Title order={2} size="h4">{T.churchDetails}</Title>
              <TextInput label="Church name" withAsterisk value={values.name} onChange={set('name')} error={errors.name} disabled={busy} />
              <SimpleGrid cols={{ base: 1, xs: 2 }}>
                <TextInput label="Pincode" withAsterisk inputMode="numeric" maxLength={6} value={values.pincode} onChange={set('pincode')} error={errors.pincode} disabled={busy} />
                <TextInput label="Phone" type="tel" value={values.phone} onChange={set('phone')} error={errors.phone} disabled={busy} />
              </SimpleGrid>
              <TextInput label="Address" value={values.address} onChange={set('address')} error={errors.address} disabled={busy} />
            </Stack>

            <Stack gap="sm">
              <Title order={2} size="h4">{T.adminAccount}</Title>
              <Text size="sm" c="dimmed">{T.adminAccountHint}</Text>
              <TextInput label="Admin name" withAsterisk value={values.admin_name} onChange={set('admin_name')} error={errors.admin_name} disabled={busy} />
              <TextInput label="Admin email" type="email" withAsterisk autoComplete="email" value={values.admin_email} onChange={set('admin_email')} error={errors.admin_email} disabled={busy} />
              {consumerMail ? (
                <Alert color="blue" variant="light" icon={<IconInfoCircle size={18} />}>
                  {MESSAGES.useGoogleSignIn}
                  {googleNotice ? <Text size="sm" mt={6}>{MESSAGES.googleNotConfigured}</Text> : null}
                </Alert>
              ) : (
                <PasswordInput label="Password" description="At least 8 characters" withAsterisk autoComplete="new-password" value={values.admin_password} onChange={set('admin_password')} error={errors.admin_password} disabled={busy} />
              )}
            </Stack>

            {register.isError ? (
              <Alert color="red" variant="light" icon={<IconAlertCircle size={18} />} role="alert">
                {serverMessage(register.error, T.registrationFailed)}
              </Alert>
            ) : null}
            {createOrder.isError ? (
              <Alert color="red" variant="light" icon={<IconAlertCircle size={18} />} role="alert">
                {serverMessage(createOrder.error, T.paymentStartFailed)}
              </Alert>
            ) : null}

            {awaitingPayment && createOrder.isError ? (
              <Text size="sm">Church {awaitingPayment.code} is registered: complete the payment to activate it.</Text>
            ) : null}
            {consumerMail ? (
              <Button type="submit" variant="default" leftSection={<IconBrandGoogle size={18} />} fullWidth>{T.googleRegistration}</Button>
            ) : (
              <Button type="submit" fullWidth size="md" loading={register.isPending || createOrder.isPending} disabled={!plan}>
                {paid && plan ? T.continueToPayment(formatRupees(plan.price)) : T.startFreeTrial}
              </Button>
            )}
          </Stack>
        </form>
      </Paper>
      <Group justify="center" mt="lg">
        <Anchor component={Link} to="/login" size="sm">
          <Group gap={4} component="span"><IconArrowLeft size={14} aria-hidden />{T.backToLogin}</Group>
        </Anchor>
      </Group>
    </Container>
  );
}
