import { useEffect, useState } from 'react';
import { Alert, Button, CopyButton, Flex, Group, Image, Skeleton, Stack, Text, Title } from '@mantine/core';
import { IconCheck, IconClock, IconCopy } from '@tabler/icons-react';
import { toDataURL } from 'qrcode';
import { useT } from '../../lib/i18n';
import { WRAPPING_BUTTON_STYLES } from '../../components/wrapping-button';
import type { PaymentOrder } from './payment-state';
import './messages';

type Upi = NonNullable<PaymentOrder['upi']>;

/**
 * UPI: the order's `upi://pay` link as a QR code to scan, the UPI ID to type by hand
 * with a copy button, and a link a phone's UPI app opens. A UPI payment is confirmed by the payment
 * provider's webhook or by the platform, so the screen says it is waiting for that.
 */
export function UpiPayment({ upi, amount }: { upi: Upi; amount: string }) {
  const t = useT();
  const [qr, setQr] = useState<string | null>(null);
  const [qrFailed, setQrFailed] = useState(false);
  useEffect(() => {
    let live = true;
    toDataURL(upi.link, { margin: 1, width: 220 })
      .then((url) => { if (live) setQr(url); })
      .catch(() => { if (live) setQrFailed(true); });
    return () => { live = false; };
  }, [upi.link]);

  return (
    <Stack gap="sm" data-testid="upi-payment">
      <Title order={2} size="h4">{t('payments.payByUpi', { amount })}</Title>
      <Flex direction={{ base: 'column', xs: 'row' }} align="flex-start" gap="lg">
        {qr ? (
          <Image src={qr} alt={t('payments.qrAlt', { amount, payee: upi.payee_name })} w={180} h={180} radius="sm" />
        ) : qrFailed ? null : (
          <Skeleton w={180} h={180} radius="sm" aria-label={t('payments.loadingQr')} />
        )}
        <Stack gap={6} miw={0} style={{ flex: 1 }} w="100%">
          <Text size="sm" c="dimmed">{t('payments.orUpiId')}</Text>
          {/* The Copy button goes under the UPI id when the phone is too narrow for both (a long word in Tamil). */}
          <Group gap="xs" wrap="wrap">
            <Text fw={600} ff="monospace" style={{ wordBreak: 'break-all' }} data-testid="upi-id">{upi.vpa}</Text>
            <CopyButton value={upi.vpa}>
              {({ copied, copy }) => (
                <Button styles={WRAPPING_BUTTON_STYLES} size="compact-sm" variant="light" onClick={copy} leftSection={copied ? <IconCheck size={14} /> : <IconCopy size={14} />}>
                  {copied ? t('payments.copied') : t('payments.copy')}
                </Button>
              )}
            </CopyButton>
          </Group>
          <Text size="sm">{t('payments.payee', { name: upi.payee_name })}</Text>
          <Button styles={WRAPPING_BUTTON_STYLES} component="a" href={upi.link} variant="default" size="sm" w="fit-content" hiddenFrom="sm">{t('payments.openUpiApp')}</Button>
        </Stack>
      </Flex>
      <Alert color="blue" variant="light" icon={<IconClock size={18} />} role="status">
        {t('payments.waiting')}
      </Alert>
    </Stack>
  );
}
