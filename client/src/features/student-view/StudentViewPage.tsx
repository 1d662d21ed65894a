import { useState } from 'react';
import { Badge, Box, Card, SimpleGrid, Skeleton, Stack, Text, Title } from '@mantine/core';
import { IconSchool, IconUsers } from '@tabler/icons-react';
import { PagedTable } from '../../components/PagedTable';
import { trpc } from '../../lib/trpc';
import { useSignedInSession } from '../auth';
import { localized, useT } from '../../lib/i18n';
import { classLabel, classTeacherName, type ClassItem } from '../../lib/class-label';
import { StudentsTable } from '../students';
import './messages';

const CARD_COLS = { base: 1, xs: 2, md: 3 };

function ClassCard({ cls, selected, onSelect, teacher }: { cls: ClassItem; selected: boolean; onSelect: () => void; teacher: string }) {
  const t = useT();
  const students = t('studentview.studentCount', { count: cls.student_count });
  return (
    <Card
      component="button"
      type="button"
      withBorder
      padding="md"
      onClick={onSelect}
      aria-pressed={selected}
      data-testid="my-class"
      style={{
        width: '100%',
        textAlign: 'left',
        cursor: 'pointer',
        ...(selected ? { borderColor: 'var(--mantine-color-indigo-5)', background: 'var(--mantine-color-indigo-light)' } : {}),
      }}
    >
      <Box component="span" style={{ display: 'flex', justifyContent: 'space-between', alignItems: 'center', gap: 8 }}>
        <Text component="span" fw={600}>{classLabel(cls)}</Text>
        <Badge component="span" variant="light" leftSection={<IconUsers size={12} />}>{students}</Badge>
      </Box>
      <Text component="span" size="sm" c="dimmed" display="block">{cls.academic_year}</Text>
      <Text component="span" size="sm" c="dimmed" display="block">{t('studentview.classTeacher', { teacher })}</Text>
    </Card>
  );
}

function ClassStudents({ cls }: { cls: ClassItem }) {
  const t = useT();
  const students = trpc.students.byClass.useQuery({ classId: cls.id });
  return (
    <PagedTable
      query={students}
      items={students.data}
      loadingLabel={t('studentview.loadingStudents')}
      errorTitle={t('studentview.studentsLoadFailed')}
      errorFallback={t('studentview.unreachable')}
      empty={{ icon: <IconUsers size={28} />, title: t('studentview.noStudentsInClass'), testId: 'class-students-empty' }}
    >
      {(students) => <StudentsTable students={students} withClass={false} testId="student-view-table" />}
    </PagedTable>
  );
}

/**
 * Student View of the teacher dashboard: the teacher's classes (my-classes) and a
 * read-only table of the chosen class's students, with no Edit or Delete buttons.
 */
export function StudentViewPage() {
  const t = useT();
  const { user } = useSignedInSession();
  // The screen lists the viewer's own classes (my-classes), whatever their role.
  const viewer = { name: user.name, seesAllClasses: false };
  const classes = trpc.classes.myClasses.useQuery();
  const [chosenId, setChosenId] = useState<string | null>(null);
  const selected = classes.data?.find((c) => c.id === chosenId) ?? classes.data?.[0] ?? null;

  return (
    <Stack gap="lg" maw={1200}>
      <Stack gap={4}>
        <Title order={1} size="h2">{t('studentview.title')}</Title>
        <Text c="dimmed">{t('studentview.subtitle')}</Text>
      </Stack>

      <Card withBorder padding="lg">
        <Stack gap="md">
          <Title order={2} size="h4">{t('studentview.myClasses')}</Title>
          <PagedTable
            query={classes}
            items={classes.data}
            loadingLabel={t('studentview.loadingClasses')}
            skeleton={<SimpleGrid cols={CARD_COLS} spacing="sm"><Skeleton height={96} /><Skeleton height={96} /></SimpleGrid>}
            errorTitle={(detail) => t('studentview.classesLoadFailed', { detail: localized(t, detail) })}
            errorFallback={t('studentview.unreachable')}
            empty={{ icon: <IconSchool size={28} />, title: t('studentview.noClasses'), testId: 'classes-empty' }}
          >
            {(items) => (
              <SimpleGrid cols={CARD_COLS} spacing="sm" role="group" aria-label={t('studentview.myClasses')}>
                {items.map((cls) => (
                  <ClassCard
                    key={cls.id}
                    cls={cls}
                    selected={cls.id === selected?.id}
                    onSelect={() => setChosenId(cls.id)}
                    teacher={classTeacherName(cls, viewer, t('studentview.unassigned'))}
                  />
                ))}
              </SimpleGrid>
            )}
          </PagedTable>
        </Stack>
      </Card>

      {selected ? (
        <Card withBorder padding="lg">
          <Stack gap="md">
            <Title order={2} size="h4">{t('studentview.studentsOf', { label: classLabel(selected), year: selected.academic_year })}</Title>
            <ClassStudents key={selected.id} cls={selected} />
          </Stack>
        </Card>
      ) : null}
    </Stack>
  );
}
