import type { ReactNode } from 'react';
import { Alert, Anchor, Badge, Button, Group, Skeleton, Stack, Text, Title } from '@mantine/core';
import { IconAlertTriangle, IconDoorExit, IconFirstAidKit, IconPencil } from '@tabler/icons-react';
import { Link, useParams } from 'react-router-dom';
import { QueryErrorState } from '../../components/ErrorState';
import { WRAPPING_BUTTON_STYLES } from '../../components/wrapping-button';
import { classLabel } from '../../lib/class-label';
import { useT } from '../../lib/i18n';
import { trpc, type RouterOutputs } from '../../lib/trpc';
import { useCan } from '../auth';
import { EraseChildButton } from '../privacy';
import { DocumentsSection } from '../family-export';
import { ConsentSection } from '../consent';
import { ScreenBoundary } from '../../components/ScreenBoundary';
import { ContactPerson } from './ContactPerson';
import { MedicalNoteSection } from './MedicalNoteSection';
import { OnRollButton } from './OnRollButton';
import { HistorySection } from './HistorySection';
import { BackLink, isNotFound, Section } from './page-parts';
import './messages';

type SafetyCard = RouterOutputs['guardians']['safetyCard'];

/**
 * The child safety card, one phone screen per child: who the child is, a red badge when an allergy
 * or medical note is recorded, whom to call (guardians, authorised pickups, the emergency contact)
 * with big call and WhatsApp buttons, and the note behind a tap. Who may see it is the server's rule
 * (a teacher: their own classes' children; any other child is not found).
 */
export function SafetyCardView() {
  const t = useT();
  const { id = '' } = useParams();
  const card = trpc.guardians.safetyCard.useQuery({ id });

  let body: ReactNode;
  if (card.isPending) {
    body = (
      <Stack gap="sm" aria-busy="true" aria-label={t('safety.loading')}>
        <Skeleton height={28} width="60%" />
        {Array.from({ length: 3 }, (_, i) => <Skeleton key={i} height={96} radius="md" />)}
      </Stack>
    );
  } else if (card.isError && isNotFound(card.error)) {
    body = (
      <Alert color="gray" variant="light" icon={<IconAlertTriangle size={18} />} title={t('safety.notFoundTitle')} data-testid="card-not-found">
        <Stack gap="xs" align="flex-start">
          <Text size="sm">{t('safety.notFound')}</Text>
          <Anchor component={Link} to="/students" size="sm">{t('safety.toStudents')}</Anchor>
        </Stack>
      </Alert>
    );
  } else if (card.isError) {
    body = <QueryErrorState query={card} title={t('safety.loadFailed')} fallback={t('safety.unreachable')} />;
  } else {
    body = <CardBody card={card.data} />;
  }

  return (
    <Stack gap="md" maw={640}>
      <BackLink fallback="/students" label={t('safety.back')} />
      {card.data ? null : <Title order={1} size="h2">{t('safety.cardOf')}</Title>}
      {body}
    </Stack>
  );
}

function CardBody({ card }: { card: SafetyCard }) {
  const t = useT();
  const canEdit = useCan('manageStudents');
  const canExport = useCan('exportFamilyData');
  const { student } = card;
  return (
    <Stack gap="lg" data-testid="safety-card">
      <Stack gap={4}>
        <Text size="sm" c="dimmed" tt="uppercase" fw={600}>{t('safety.cardOf')}</Text>
        <Title order={1} size="h2" style={{ overflowWrap: 'anywhere' }}>{student.name}</Title>
        <Text c="dimmed">
          {classLabel({ class_name: student.class_name, section: student.class_section })} · {t('safety.rollNumber', { number: student.roll_number })}
        </Text>
        {card.has_medical_note ? (
          <Badge color="red" variant="filled" size="lg" leftSection={<IconFirstAidKit size={16} aria-hidden />} data-testid="medical-badge"
            styles={{ root: { alignSelf: 'flex-start', height: 'auto', minHeight: 28 }, label: { whiteSpace: 'normal' } }}>
            {t('safety.medicalBadge')}
          </Badge>
        ) : null}
        {student.active ? null : (
          <Badge color="gray" variant="light" size="lg" leftSection={<IconDoorExit size={16} aria-hidden />} data-testid="left-badge"
            styles={{ root: { alignSelf: 'flex-start', height: 'auto', minHeight: 28 }, label: { whiteSpace: 'normal' } }}>
            {t('safety.roll.leftBadge')}
          </Badge>
        )}
        {/* Editing comes first, above the contacts: on a phone the card is long. */}
        {canEdit ? (
          <Button component={Link} to="edit" variant="light" leftSection={<IconPencil size={18} aria-hidden />} mt="xs"
            style={{ alignSelf: 'flex-start' }} styles={WRAPPING_BUTTON_STYLES} data-testid="card-edit">
            {t('safety.edit')}
          </Button>
        ) : null}
      </Stack>

      <Section title={t('safety.guardians')} testId="card-guardians">
        {card.guardians.length === 0 ? <Text c="dimmed">{t('safety.noGuardians')}</Text> : (
          <Stack component="ul" gap="sm" m={0} p={0}>
            {card.guardians.map((g) => (
              <ContactPerson
                key={g.id}
                name={g.name}
                relation={g.relation}
                primary={g.primary}
                phones={g.links.phone2 ? [g.links.phone, g.links.phone2] : [g.links.phone]}
                testId="guardian"
              />
            ))}
          </Stack>
        )}
      </Section>

      <Section title={t('safety.pickups')} testId="card-pickups">
        {card.pickups.length === 0 ? <Text c="dimmed">{t('safety.noPickups')}</Text> : (
          <Stack component="ul" gap="sm" m={0} p={0}>
            {card.pickups.map((p) => (
              <ContactPerson key={p.id} name={p.name} relation={p.relation} phones={[p.links]} testId="pickup" />
            ))}
          </Stack>
        )}
      </Section>

      <Section title={t('safety.emergency')} testId="card-emergency">
        {card.emergency_contact ? (
          <Stack component="ul" gap="sm" m={0} p={0}>
            <ContactPerson name={card.emergency_contact.name} phones={[card.emergency_contact.links]} testId="emergency-contact" />
          </Stack>
        ) : <Text c="dimmed">{t('safety.noEmergency')}</Text>}
      </Section>

      <MedicalNoteSection studentId={student.id} hasNote={card.has_medical_note} />

      <HistorySection studentId={student.id} />

      {/* The child's consent, then the documents of the child's data. */}
      <ScreenBoundary fallback={null}>
        <ConsentSection studentId={student.id} guardians={card.guardians} />
      </ScreenBoundary>

      {canExport ? <DocumentsSection studentId={student.id} familyLanguage={card.family_language} /> : null}

      {/* The two ways a child leaves the card's lists: marked as left (history kept, undone here) or erased. */}
      <Stack gap="xs" data-testid="card-leaving">
        <Group gap="sm" align="flex-start">
          {canEdit ? <OnRollButton student={student} /> : null}
          <EraseChildButton student={student} />
        </Group>
        {canEdit ? <Text size="sm" c="dimmed">{t(student.active ? 'safety.roll.leftHint' : 'safety.roll.backHint')}</Text> : null}
      </Stack>
    </Stack>
  );
}
