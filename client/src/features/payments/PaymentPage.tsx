import { useEffect, useState } from 'react';
import { Alert, Anchor, Badge, Button, Card, Container, Divider, Group, Modal, Stack, Text, Title } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import { IconAlertCircle, IconArrowLeft, IconCircleCheck, IconCreditCard, IconFlask } from '@tabler/icons-react';
import { Link, useLocation, useNavigate } from 'react-router-dom';
import { serverMessage } from '../../lib/errors';
import { formatRupees } from '../../lib/format';
import { localized, useT } from '../../lib/i18n';
import { trpc } from '../../lib/trpc';
import { WRAPPING_BUTTON_STYLES } from '../../components/wrapping-button';
import { payByCard, type CheckoutPayment } from './card-checkout';
import { paymentStateOf, type PaymentState } from './payment-state';
import { UpiPayment } from './UpiPayment';
import './messages';

/** How long a signed-in church's verified notice stays before the screen moves on to its home. */
const REDIRECT_AFTER_MS = 2500;
/** How often the screen asks whether a UPI payment has been confirmed (by the webhook or the platform). */
const UPI_POLL_MS = 5000;

/** Test mode's stand-in for the card checkout: Pay makes a signed test payment, Fail does not pay. */
function TestCheckout({ opened, amount, onPay, onFail, onClose, paying }: {
  opened: boolean; amount: string; onPay: () => void; onFail: () => void; onClose: () => void; paying: boolean;
}) {
  const t = useT();
  return (
    <Modal opened={opened} onClose={onClose} title={t('payments.testCheckout')} centered>
      <Stack>
        <Badge color="orange" variant="light" leftSection={<IconFlask size={12} />} w="fit-content">{t('payments.testNoMoney')}</Badge>
        <Text>{t('payments.testPayQuestion', { amount })}</Text>
        <Group justify="flex-end">
          <Button styles={WRAPPING_BUTTON_STYLES} variant="default" color="red" onClick={onFail} disabled={paying}>{t('payments.fail')}</Button>
          <Button styles={WRAPPING_BUTTON_STYLES} onClick={onPay} loading={paying}>{t('payments.pay')}</Button>
        </Group>
      </Stack>
    </Modal>
  );
}

function PaymentScreen({ state }: { state: PaymentState }) {
  const t = useT();
  const navigate = useNavigate();
  const utils = trpc.useUtils();
  const { order, church, payment } = state;
  // A paid registration's calls carry its payment token (lib/trpc.ts), a signed-in church's its session.
  const callOptions = { trpc: { context: payment ? { payment } : {} } };
  const amount = formatRupees(order.amount / 100);
  const testMode = order.gateway.mode === 'test';
  const [checkoutOpened, checkout] = useDisclosure(false);
  const [cancelOpened, cancel] = useDisclosure(false);
  const [failure, setFailure] = useState<string | null>(null);
  const [starting, setStarting] = useState(false);
  const testPay = trpc.payments.testCheckoutPay.useMutation(callOptions);
  const verify = trpc.payments.verifyPayment.useMutation(callOptions);
  // A UPI payment is confirmed away from this screen: while it may come, ask the server now and then.
  const status = trpc.payments.orderStatus.useQuery({ order_id: order.order_id }, {
    ...callOptions,
    enabled: order.upi !== null && !verify.isSuccess,
    refetchInterval: (query) => (query.state.data?.status === 'paid' || query.state.data?.status === 'held' ? false : UPI_POLL_MS),
    refetchIntervalInBackground: false,
    retry: false,
  });
  const verified = verify.isSuccess || status.data?.status === 'paid';
  // Paid while the platform had suspended the church: the money is recorded, the plan unchanged.
  const held = status.data?.status === 'held';
  const afterPayment = payment ? `/login?code=${encodeURIComponent(church.code)}` : '/';

  // Verified: a signed-in church's notice stays a moment, then home. A new church stays on its church
  // code (everyone of the church signs in with it) until they go on to sign in themselves.
  useEffect(() => {
    if (!verified || payment) return;
    void utils.auth.verify.invalidate();
    const timer = setTimeout(() => void navigate(afterPayment, { replace: true }), REDIRECT_AFTER_MS);
    return () => clearTimeout(timer);
  }, [verified, payment, afterPayment, navigate, utils]);

  const verifyPayment = (paid: CheckoutPayment) => {
    setFailure(null);
    verify.mutate(paid);
  };

  const startCard = async () => {
    setFailure(null);
    verify.reset();
    if (testMode || !order.gateway.key_id) {
      checkout.open();
      return;
    }
    setStarting(true);
    try {
      const paid = await payByCard({
        keyId: order.gateway.key_id, orderId: order.order_id, amountPaise: order.amount, currency: order.currency,
        description: `${church.name} (${church.code})`, onDismiss: () => setStarting(false),
      });
      verifyPayment(paid);
    } catch (error) {
      setFailure(error instanceof Error ? error.message : t('payments.failed'));
    } finally {
      setStarting(false);
    }
  };

  const payInTestMode = () => {
    testPay.mutate({ razorpay_order_id: order.order_id }, {
      onSuccess: (paid) => {
        checkout.close();
        verifyPayment(paid);
      },
      onError: (error) => setFailure(serverMessage(error, t('payments.failed'))),
    });
  };

  return (
    <Container component="main" size={640} py="xl" px="md">
      <Stack gap="lg">
        <Group justify="space-between" wrap="nowrap">
          <Title order={1} size="h2">{t('payments.title')}</Title>
          {testMode ? <Badge color="orange" variant="light" leftSection={<IconFlask size={12} />}>{t('payments.testMode')}</Badge> : null}
        </Group>
        <Card withBorder padding="lg">
          <Stack gap={4}>
            <Text size="sm" c="dimmed">{t('payments.churchLine', { name: church.name, code: church.code })}</Text>
            <Group gap="xs" align="baseline">
              <Text fz={28} fw={700} data-testid="payment-amount">{amount}</Text>
              <Text c="dimmed" size="sm">{order.plan_type === 'premium' ? t('payments.premiumFor30Days') : t('payments.basicFor30Days')}</Text>
            </Group>
          </Stack>
        </Card>

        {held ? (
          <Alert color="orange" variant="light" icon={<IconAlertCircle size={18} />} role="alert">{t('payments.paymentHeld')}</Alert>
        ) : verified && payment ? (
          <Alert color="teal" variant="light" icon={<IconCircleCheck size={18} />} role="status" title={t('payments.receivedCode', { code: church.code })}>
            <Stack gap="sm">
              <Text fz={32} fw={700} ff="monospace" lts={2} data-testid="church-code">{church.code}</Text>
              <Text size="sm">{t('payments.writeItDown')}</Text>
              <Button styles={WRAPPING_BUTTON_STYLES} onClick={() => void navigate(afterPayment, { replace: true })}>{t('payments.continueToSignIn')}</Button>
            </Stack>
          </Alert>
        ) : verified ? (
          <Alert
            color="teal" variant="light" icon={<IconCircleCheck size={18} />} role="status"
            title={order.is_upgrade ? t('payments.upgraded') : t('payments.verified')}
          >
            {t('payments.toDashboard')}
          </Alert>
        ) : (
          <>
            <Stack gap="sm">
              <Title order={2} size="h4">{t('payments.payByCard', { amount })}</Title>
              <Button styles={WRAPPING_BUTTON_STYLES} leftSection={<IconCreditCard size={18} />} onClick={() => void startCard()} loading={starting || verify.isPending} size="md">
                {t('payments.payAmount', { amount })}
              </Button>
            </Stack>
            {failure ? <Alert color="red" variant="light" icon={<IconAlertCircle size={18} />} role="alert">{localized(t, failure)}</Alert> : null}
            {verify.isError ? (
              <Alert color="red" variant="light" icon={<IconAlertCircle size={18} />} role="alert">
                {localized(t, serverMessage(verify.error, t('payments.verifyFailed')))}
              </Alert>
            ) : null}
            {order.upi ? (
              <>
                <Divider label={t('payments.or')} />
                <UpiPayment upi={order.upi} amount={amount} />
              </>
            ) : null}
          </>
        )}

        <Group justify="space-between">
          <Button styles={WRAPPING_BUTTON_STYLES} variant="subtle" leftSection={<IconArrowLeft size={16} />} onClick={() => void navigate(state.from)} disabled={verified}>{t('payments.back')}</Button>
          <Button styles={WRAPPING_BUTTON_STYLES} variant="default" onClick={cancel.open} disabled={verified}>{t('payments.cancel')}</Button>
        </Group>
      </Stack>

      <TestCheckout
        opened={checkoutOpened}
        amount={amount}
        paying={testPay.isPending}
        onClose={checkout.close}
        onPay={payInTestMode}
        onFail={() => {
          checkout.close();
          setFailure(t('payments.failed'));
        }}
      />
      <Modal opened={cancelOpened} onClose={cancel.close} title={t('payments.cancelTitle')} centered>
        <Stack>
          <Text>
            {payment ? t('payments.cancelRegistered', { code: church.code }) : t('payments.cancelSignedIn')}
          </Text>
          <Group justify="flex-end">
            <Button styles={WRAPPING_BUTTON_STYLES} variant="default" onClick={cancel.close}>{t('payments.keepPaying')}</Button>
            <Button styles={WRAPPING_BUTTON_STYLES} color="red" onClick={() => void navigate(payment ? '/login' : '/subscription', { replace: true })}>{t('payments.cancelTitle')}</Button>
          </Group>
        </Stack>
      </Modal>
    </Container>
  );
}

/** The payment screen: reached with an order as navigation state, never directly. */
export function PaymentPage() {
  const t = useT();
  const location = useLocation();
  const state = paymentStateOf(location.state);
  if (!state) {
    return (
      <Container component="main" size={520} py="xl" px="md">
        <Stack gap="sm" align="center" ta="center">
          <Title order={1} size="h2">{t('payments.title')}</Title>
          <Text>{t('payments.noPayment')}</Text>
          <Anchor component={Link} to="/">{t('payments.goToStart')}</Anchor>
        </Stack>
      </Container>
    );
  }
  return <PaymentScreen state={state} />;
}
