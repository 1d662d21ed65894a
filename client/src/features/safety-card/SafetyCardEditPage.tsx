import type { ReactNode } from 'react';
import { Alert, Skeleton, Stack, Text, Title } from '@mantine/core';
import { IconAlertTriangle } from '@tabler/icons-react';
import { useParams } from 'react-router-dom';
import { QueryErrorState } from '../../components/ErrorState';
import { useT } from '../../lib/i18n';
import { trpc } from '../../lib/trpc';
import { EmergencyContactForm } from './EmergencyContactForm';
import { GuardiansForm } from './GuardiansForm';
import { MedicalNoteForm } from './MedicalNoteForm';
import { PickupsForm } from './PickupsForm';
import { safetyCardPath } from './paths';
import { BackLink, isNotFound } from './page-parts';
import './messages';

/**
 * Editing a child's safety card (manageStudents): the guardians, the authorised pickups, the
 * emergency contact and the medical note, each saved on its own as the API takes it (a list replaced
 * whole). Each form starts from the server's answer and is not re-made when that answer refreshes,
 * so a save never throws away what is being typed in another form.
 */
export function SafetyCardEditPage() {
  const t = useT();
  const { id = '' } = useParams();
  const card = trpc.guardians.safetyCard.useQuery({ id });
  const guardians = trpc.guardians.guardians.useQuery({ id });
  const pickups = trpc.guardians.pickups.useQuery({ id });
  const failed = [card, guardians, pickups].find((query) => query.isError);

  let body: ReactNode;
  if (failed && isNotFound(failed.error)) {
    body = (
      <Alert color="gray" variant="light" icon={<IconAlertTriangle size={18} />} title={t('safety.notFoundTitle')} data-testid="card-not-found">
        <Text size="sm">{t('safety.notFound')}</Text>
      </Alert>
    );
  } else if (failed) {
    body = <QueryErrorState query={failed} title={t('safety.loadFailed')} fallback={t('safety.unreachable')} />;
  } else if (!card.data || !guardians.data || !pickups.data) {
    body = (
      <Stack gap="sm" aria-busy="true" aria-label={t('safety.loading')}>
        {Array.from({ length: 3 }, (_, i) => <Skeleton key={i} height={140} radius="md" />)}
      </Stack>
    );
  } else {
    body = (
      <>
        <GuardiansForm studentId={id} guardians={guardians.data} />
        <PickupsForm studentId={id} pickups={pickups.data} />
        <EmergencyContactForm studentId={id} contact={card.data.emergency_contact} />
        <MedicalNoteForm studentId={id} hasNote={card.data.has_medical_note} />
      </>
    );
  }

  return (
    <Stack gap="md" maw={960}>
      <BackLink fallback={safetyCardPath(id)} label={t('safety.backToCard')} />
      <Title order={1} size="h2" style={{ overflowWrap: 'anywhere' }}>
        {card.data ? t('safety.editTitle', { name: card.data.student.name }) : t('safety.edit')}
      </Title>
      {body}
    </Stack>
  );
}
