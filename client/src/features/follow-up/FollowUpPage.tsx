import { useMemo, useState } from 'react';
import { Card, Select, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { IconHeartHandshake } from '@tabler/icons-react';
import { classDaysWord, DEFAULT_CLASS_DAYS, FOLLOW_UP_ABSENCES } from '../../../../common/follow-up';
import { PagedTable } from '../../components/PagedTable';
import { classLabel } from '../../lib/class-label';
import { useT } from '../../lib/i18n';
import { trpc } from '../../lib/trpc';
import { ContactDialog } from './ContactDialog';
import { FollowUpStudentCard, type FollowUpStudent, type GuardianPhone } from './FollowUpStudentCard';
import { WhatsAppDialog } from './WhatsAppDialog';
import './messages';

const ALL = '';

/** The classes of the children on the list, each once, in the list's order. */
function classesOf(students: readonly FollowUpStudent[]) {
  const seen = new Map<string, string>();
  for (const s of students) {
    if (!seen.has(s.class_id)) seen.set(s.class_id, classLabel({ class_name: s.class_name, section: s.class_section }));
  }
  return [...seen].map(([value, label]) => ({ value, label }));
}

/**
 * Follow-up (teachers for their classes, principals and super admins for every class): the children
 * absent at the church's number of their class's roll calls in a row, longest streak first, each a
 * card (a phone shows the same list as a desk) with their guardians to call or message and a way to
 * record how the call went. The class filter narrows the list already loaded, and shows when the list
 * holds children of several classes.
 */
export function FollowUpPage() {
  const t = useT();
  // Fetched again each time the screen opens: a roll call marked on Mark Attendance changes the list.
  const list = trpc.followUp.list.useQuery(undefined, { staleTime: 0 });
  const [classId, setClassId] = useState(ALL);
  const [messaging, setMessaging] = useState<{ student: FollowUpStudent; phone: GuardianPhone } | null>(null);
  const [recording, setRecording] = useState<FollowUpStudent | null>(null);

  const students = list.data?.students;
  const classes = useMemo(() => classesOf(students ?? []), [students]);
  // A class that left the list (its last child came back) no longer filters it.
  const chosen = classes.some((c) => c.value === classId) ? classId : ALL;
  const shown = students?.filter((s) => chosen === ALL || s.class_id === chosen);
  const count = list.data?.absences_in_a_row ?? FOLLOW_UP_ABSENCES.default;
  const days = classDaysWord(list.data?.class_days ?? DEFAULT_CLASS_DAYS);

  return (
    <Stack gap="lg" maw={1200}>
      <Stack gap={4}>
        <Title order={1} size="h2">{t('followup.title')}</Title>
        <Text c="dimmed">{t('followup.intro', { count })}</Text>
      </Stack>
      {classes.length > 1 ? (
        <Select
          label={t('followup.classFilter')}
          data={[{ value: ALL, label: t('followup.allClasses') }, ...classes]}
          value={chosen}
          onChange={(value) => setClassId(value ?? ALL)}
          allowDeselect={false}
          maw={320}
        />
      ) : null}
      <PagedTable
        query={list}
        items={shown}
        loadingLabel={t('followup.loading')}
        errorTitle={t('followup.loadFailed')}
        errorFallback={t('followup.unreachable')}
        empty={{ icon: <IconHeartHandshake size={28} />, title: t('followup.empty', { count, days }), hint: t('followup.emptyHint', { days }), testId: 'follow-up-empty' }}
      >
        {(items) => (
          <SimpleGrid component="ul" cols={{ base: 1, md: 2 }} spacing="md" style={{ listStyle: 'none', padding: 0, margin: 0 }}
            aria-label={t('followup.list')}>
            {items.map((student) => (
              <Card key={student.student_id} component="li" withBorder padding="md" data-testid="follow-up-item">
                <FollowUpStudentCard
                  student={student}
                  days={days}
                  onWhatsApp={(phone) => setMessaging({ student, phone })}
                  onRecord={() => setRecording(student)}
                />
              </Card>
            ))}
          </SimpleGrid>
        )}
      </PagedTable>
      <WhatsAppDialog target={messaging} days={days} onClose={() => setMessaging(null)} />
      <ContactDialog key={recording?.student_id ?? ''} student={recording} onClose={() => setRecording(null)} />
    </Stack>
  );
}
