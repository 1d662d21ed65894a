import { useState } from 'react';
import { Badge, Box, Card, SimpleGrid, Skeleton, Stack, Text, Title } from '@mantine/core';
import { IconSchool, IconUsers } from '@tabler/icons-react';
import { PagedTable } from '../../components/PagedTable';
import { trpc } from '../../lib/trpc';
import { useSignedInSession } from '../auth';
import { CLASS_TEXT } from '../classes';
import { classLabel, classTeacherName, type ClassItem } from '../../lib/class-label';
import { STUDENT_TEXT, StudentsTable } from '../students';

const NO_STUDENTS_IN_CLASS = 'No students in this class yet.';
const CARD_COLS = { base: 1, xs: 2, md: 3 };

function ClassCard({ cls, selected, onSelect, teacher }: { cls: ClassItem; selected: boolean; onSelect: () => void; teacher: string }) {
  const students = `${cls.student_count} ${cls.student_count === 1 ? 'student' : 'students'}`;
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
      <Text component="span" size="sm" c="dimmed" display="block">Class teacher: {teacher}</Text>
    </Card>
  );
}

function ClassStudents({ cls }: { cls: ClassItem }) {
  const students = trpc.students.byClass.useQuery({ classId: cls.id });
  return (
    <PagedTable
      query={students}
      items={students.data}
      loadingLabel="Loading students"
      errorTitle={STUDENT_TEXT.loadFailed}
      errorFallback={STUDENT_TEXT.unreachable}
      empty={{ icon: <IconUsers size={28} />, title: NO_STUDENTS_IN_CLASS, testId: 'class-students-empty' }}
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
  const { user } = useSignedInSession();
  // The screen lists the viewer's own classes (my-classes), whatever their role.
  const viewer = { name: user.name, seesAllClasses: false };
  const classes = trpc.classes.myClasses.useQuery();
  const [chosenId, setChosenId] = useState<string | null>(null);
  const selected = classes.data?.find((c) => c.id === chosenId) ?? classes.data?.[0] ?? null;

  return (
    <Stack gap="lg" maw={1200}>
      <Stack gap={4}>
        <Title order={1} size="h2">Student View</Title>
        <Text c="dimmed">Your classes and their students, read-only.</Text>
      </Stack>

      <Card withBorder padding="lg">
        <Stack gap="md">
          <Title order={2} size="h4">My Classes</Title>
          <PagedTable
            query={classes}
            items={classes.data}
            loadingLabel="Loading classes"
            skeleton={<SimpleGrid cols={CARD_COLS} spacing="sm"><Skeleton height={96} /><Skeleton height={96} /></SimpleGrid>}
            errorTitle={CLASS_TEXT.loadFailed}
            errorFallback={CLASS_TEXT.unreachable}
            empty={{ icon: <IconSchool size={28} />, title: CLASS_TEXT.empty, testId: 'classes-empty' }}
          >
            {(items) => (
              <SimpleGrid cols={CARD_COLS} spacing="sm" role="group" aria-label="My Classes">
                {items.map((cls) => (
                  <ClassCard
                    key={cls.id}
                    cls={cls}
                    selected={cls.id === selected?.id}
                    onSelect={() => setChosenId(cls.id)}
                    teacher={classTeacherName(cls, viewer, CLASS_TEXT.unassigned)}
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
            <Title order={2} size="h4">Students of {classLabel(selected)} ({selected.academic_year})</Title>
            <ClassStudents key={selected.id} cls={selected} />
          </Stack>
        </Card>
      ) : null}
    </Stack>
  );
}
