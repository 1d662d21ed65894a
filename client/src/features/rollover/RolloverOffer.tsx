import { useState } from 'react';
import { Button, Card, Group, Stack, Text, Title } from '@mantine/core';
import { IconCalendarRepeat } from '@tabler/icons-react';
import { WRAPPING_BUTTON_STYLES } from '../../components/wrapping-button';
import { useT } from '../../lib/i18n';
import { trpc } from '../../lib/trpc';
import { WizardLauncher } from './WizardLauncher';
import './messages';

/**
 * The rollover on the Classes screen (shown to those who may roll the year over), while the server
 * offers it (from the church's rollover month, not done yet, classes to roll over): what is offered,
 * and a button opening the same wizard as the Configuration card. Nothing otherwise, nor while the
 * proposal loads or when it cannot be read: the screen is the class list, and the Configuration card
 * says why there is no rollover (or its error).
 */
export function RolloverOffer() {
  const t = useT();
  const proposal = trpc.rollover.proposal.useQuery();
  const [wizardOpened, setWizardOpened] = useState(false);
  const data = proposal.data;
  if (!data?.offered) return null;
  const years = { fromYear: data.from_year, toYear: data.to_year };

  return (
    <Card withBorder padding="md" data-testid="rollover-offer">
      <Stack gap="xs">
        <Group gap="xs" wrap="nowrap">
          <IconCalendarRepeat size={20} aria-hidden />
          <Title order={2} size="h5">{t('configuration.rollover.title')}</Title>
        </Group>
        <Text size="sm" c="dimmed">{t('configuration.rollover.offerText', years)}</Text>
        <Group>
          <Button styles={WRAPPING_BUTTON_STYLES} onClick={() => setWizardOpened(true)}>
            {t('configuration.rollover.start', years)}
          </Button>
        </Group>
      </Stack>
      {wizardOpened ? <WizardLauncher proposal={data} onClose={() => setWizardOpened(false)} /> : null}
    </Card>
  );
}
