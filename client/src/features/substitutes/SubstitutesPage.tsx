import { useState } from 'react';
import { Stack, Text, Title } from '@mantine/core';
import { DEFAULT_CLASS_DAYS } from '../../../../common/follow-up';
import { churchToday, useCan, useSignedInSession } from '../auth';
import { useT } from '../../lib/i18n';
import { trpc } from '../../lib/trpc';
import { AbsencesSection } from './AbsencesSection';
import { CantComeCard } from './CantComeCard';
import { RotaSection } from './RotaSection';
import './messages';

/**
 * Substitutes and rota (staff): a teacher reports "Can't come" for a coming class day and sees their
 * coming absences; a principal or super admin arranges each absence's substitute; everyone reads the
 * month's rota (who teaches which class each class day).
 */
export function SubstitutesPage() {
  const t = useT();
  const { church } = useSignedInSession();
  const today = churchToday(church);
  const arranges = useCan('arrangeSubstitutes');
  const upcoming = trpc.substitutes.upcoming.useQuery(undefined, { staleTime: 0 });
  const [month, setMonth] = useState(() => ({ year: Number(today.slice(0, 4)), month: Number(today.slice(5, 7)) }));
  return (
    <Stack gap="lg" maw={1200}>
      <Stack gap={4}>
        <Title order={1} size="h2">{t('substitutes.title')}</Title>
        <Text c="dimmed">{t('substitutes.intro')}</Text>
      </Stack>
      <CantComeCard today={today} classDays={upcoming.data?.class_days ?? DEFAULT_CLASS_DAYS} />
      <AbsencesSection upcoming={upcoming} arranges={arranges} />
      <RotaSection month={month} onMonth={setMonth} />
    </Stack>
  );
}
