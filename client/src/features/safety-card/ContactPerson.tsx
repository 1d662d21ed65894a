import { Badge, Button, Card, Group, SimpleGrid, Stack, Text } from '@mantine/core';
import { IconBrandWhatsapp, IconPhone } from '@tabler/icons-react';
import type { PhoneLinks } from '../../../../common/phone';
import { WRAPPING_BUTTON_STYLES } from '../../components/wrapping-button';
import { useT } from '../../lib/i18n';
import './messages';

interface ContactPersonProps {
  name: string;
  /** parent, mother, …; none for the emergency contact. */
  relation?: string;
  primary?: boolean;
  /** The person's phones with their links, in order (a guardian may have two). */
  phones: readonly PhoneLinks[];
  testId: string;
}

/**
 * One person to reach, with a big tap-to-call button per phone and, where the server gave the link
 * (the phone has WhatsApp and is a valid number), a WhatsApp button: thumb-sized on a phone.
 */
export function ContactPerson({ name, relation, primary = false, phones, testId }: ContactPersonProps) {
  const t = useT();
  return (
    <Card withBorder padding="sm" radius="md" component="li" data-testid={testId} style={{ listStyle: 'none' }}>
      <Stack gap="xs">
        <Group gap="xs" wrap="wrap">
          <Text fw={600} style={{ overflowWrap: 'anywhere' }}>{name}</Text>
          {relation ? <Text c="dimmed" size="sm">{t('safety.relation', { relation })}</Text> : null}
          {primary ? <Badge variant="light" size="sm">{t('safety.primary')}</Badge> : null}
        </Group>
        {phones.map((phone) => (
          <SimpleGrid key={phone.tel} cols={{ base: 1, xs: phone.whatsapp ? 2 : 1 }} spacing="xs">
            <Button
              component="a"
              href={phone.tel}
              size="lg"
              leftSection={<IconPhone size={20} aria-hidden />}
              aria-label={t('safety.callLabel', { name, phone: phone.display })}
              styles={WRAPPING_BUTTON_STYLES}
            >
              {t('safety.call', { phone: phone.display })}
            </Button>
            {phone.whatsapp ? (
              <Button
                component="a"
                href={phone.whatsapp}
                target="_blank"
                rel="noopener noreferrer"
                size="lg"
                color="green.8"
                leftSection={<IconBrandWhatsapp size={20} aria-hidden />}
                aria-label={t('safety.whatsappLabel', { name })}
                styles={WRAPPING_BUTTON_STYLES}
              >
                {t('safety.whatsapp')}
              </Button>
            ) : null}
          </SimpleGrid>
        ))}
      </Stack>
    </Card>
  );
}
