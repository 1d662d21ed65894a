import { Paper, Select, SimpleGrid, Stack, Text, TextInput } from '@mantine/core';
import { CLASS_NAMES } from '../../../../common/school';
import { classLabel } from '../../lib/class-label';
import { useT } from '../../lib/i18n';
import type { ClassChoice, Plan, Proposal } from './plan';

/** The select values that stand for "no class" (the class leaves) and "no teacher". */
const LEAVES = '-leaves';
const NO_TEACHER = '-none';
const SECTION_MAX = 20;

/**
 * The wizard's first step: per class of the ending year, its class of the new year (or that it leaves
 * the Sunday School), that class's section and teacher, prefilled from the suggestion. The three
 * fields sit side by side on a wide screen and stack on a phone.
 */
export function ClassesStep({ proposal, plan, onChange }: {
  proposal: Proposal;
  plan: Plan;
  onChange: (classId: string, choice: ClassChoice) => void;
}) {
  const t = useT();
  const classOptions = [
    ...CLASS_NAMES.map((name) => ({ value: name, label: name })),
    { value: LEAVES, label: t('configuration.rollover.leaves') },
  ];
  const teacherOptions = [
    { value: NO_TEACHER, label: t('configuration.rollover.noTeacher') },
    ...proposal.teachers.map((teacher) => ({ value: teacher.id, label: teacher.name })),
  ];
  const toYear = proposal.to_year;

  return (
    <Stack gap="sm">
      {proposal.classes.map((cls) => {
        const choice = plan.classes[cls.id];
        const leaves = choice.next_class_name === null;
        const set = (change: Partial<ClassChoice>) => onChange(cls.id, { ...choice, ...change });
        return (
          <Paper key={cls.id} withBorder p="md" radius="md" role="group" aria-label={classLabel(cls)} data-testid="rollover-class">
            <Stack gap="xs">
              <Text fw={600} style={{ overflowWrap: 'anywhere' }}>
                {classLabel(cls)}
                <Text span c="dimmed" fw={400}>
                  {` (${cls.teacher_name ? t('configuration.rollover.teacherOf', { name: cls.teacher_name }) : t('configuration.rollover.noTeacher')}) →`}
                </Text>
              </Text>
              <SimpleGrid cols={{ base: 1, sm: 3 }} spacing="sm">
                <Select
                  label={t('configuration.rollover.nextClass', { toYear })}
                  data={classOptions}
                  allowDeselect={false}
                  value={choice.next_class_name ?? LEAVES}
                  onChange={(value) => set({ next_class_name: CLASS_NAMES.find((name) => name === value) ?? null })}
                />
                <TextInput
                  label={t('configuration.rollover.section')}
                  maxLength={SECTION_MAX}
                  disabled={leaves}
                  value={choice.next_section}
                  onChange={(event) => set({ next_section: event.currentTarget.value })}
                />
                <Select
                  label={t('configuration.rollover.teacher')}
                  data={teacherOptions}
                  allowDeselect={false}
                  searchable
                  disabled={leaves}
                  value={choice.next_teacher_id ?? NO_TEACHER}
                  onChange={(value) => set({ next_teacher_id: value && value !== NO_TEACHER ? value : null })}
                />
              </SimpleGrid>
            </Stack>
          </Paper>
        );
      })}
    </Stack>
  );
}
