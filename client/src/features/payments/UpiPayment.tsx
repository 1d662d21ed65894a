import { useEffect, useState } from 'react';
import { Alert, Button, CopyButton, Flex, Group, Image, Skeleton, Stack, Text, Title } from '@mantine/core';
import { IconCheck, IconClock, IconCopy } from '@tabler/icons-react';
import { toDataURL } from 'qrcode';
import type { PaymentOrder } from './payment-state';

type Upi = NonNullable<PaymentOrder['upi']>;

/**
 * UPI: the order's `upi://pay` link as a QR code to scan, the UPI ID to type by hand
 * with a copy button, and a link a phone's UPI app opens. A UPI payment is confirmed by the payment
 * provider's webhook or by the platform, so the screen says it is waiting for that.
 */
export function UpiPayment({ upi, amount }: { upi: Upi; amount: string }) {
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
      <Title order={2} size="h4">Pay {amount} by UPI</Title>
      <Flex direction={{ base: 'column', xs: 'row' }} align="flex-start" gap="lg">
        {qr ? (
          <Image src={qr} alt={`UPI QR code to pay ${amount} to ${upi.payee_name}`} w={180} h={180} radius="sm" />
        ) : qrFailed ? null : (
          <Skeleton w={180} h={180} radius="sm" aria-label="Loading the QR code" />
        )}
        <Stack gap={6} miw={0} style={{ flex: 1 }} w="100%">
          <Text size="sm" c="dimmed">Or pay to this UPI ID</Text>
          <Group gap="xs" wrap="nowrap">
            <Text fw={600} ff="monospace" style={{ wordBreak: 'break-all' }} data-testid="upi-id">{upi.vpa}</Text>
            <CopyButton value={upi.vpa}>
              {({ copied, copy }) => (
                <Button size="compact-sm" variant="light" onClick={copy} leftSection={copied ? <IconCheck size={14} /> : <IconCopy size={14} />}>
                  {copied ? 'Copied' : 'Copy'}
                </Button>
              )}
            </CopyButton>
          </Group>
          <Text size="sm">Payee: {upi.payee_name}</Text>
          <Button component="a" href={upi.link} variant="default" size="sm" w="fit-content" hiddenFrom="sm">Open in a UPI app</Button>
        </Stack>
      </Flex>
      <Alert color="blue" variant="light" icon={<IconClock size={18} />} role="status">
        Waiting for confirmation. After you pay by UPI, your plan is activated as soon as the payment is confirmed.
      </Alert>
    </Stack>
  );
}
