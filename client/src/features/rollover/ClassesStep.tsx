import { Checkbox, Paper, Radio, Select, SimpleGrid, Stack, Text, TextInput } from '@mantine/core';
import { ROLLOVER_TEACHER_CHOICES, type RolloverTeacherChoice } from '../../../../common/rollover';
import { classLabel } from '../../lib/class-label';
import { useT, type MessageId } from '../../lib/i18n';
import { teacherOf, type ClassChoice, type Plan, type Proposal } from './plan';

/** The select values that stand for "no class" (the class leaves) and "no teacher". */
const LEAVES = '-leaves';
const NO_TEACHER = '-none';
const SECTION_MAX = 20;

const TEACHER_CHOICE_TEXTS: Record<RolloverTeacherChoice, { label: MessageId; hint: MessageId }> = {
  stay: { label: 'configuration.rollover.teachersStay', hint: 'configuration.rollover.teachersStayHint' },
  move_up: { label: 'configuration.rollover.teachersMoveUp', hint: 'configuration.rollover.teachersMoveUpHint' },
};
const isTeacherChoice = (value: string): value is RolloverTeacherChoice => (ROLLOVER_TEACHER_CHOICES as readonly string[]).includes(value);

/** The choices over every class: how the new year's teachers are placed (a change puts every row's
 * teacher back to the choice's), and whether the church's first class is opened for new children. */
function YearChoices({ proposal, plan, onTeachers, onOpenLowestClass }: {
  proposal: Proposal;
  plan: Plan;
  onTeachers: (choice: RolloverTeacherChoice) => void;
  onOpenLowestClass: (open: boolean) => void;
}) {
  const t = useT();
  const lowest = proposal.class_names[0];
  return (
    <Paper withBorder p="md" radius="md" data-testid="rollover-year-choices">
      <Stack gap="sm">
        <Radio.Group
          label={t('configuration.rollover.teachersLabel', { toYear: proposal.to_year })}
          value={plan.teachers}
          onChange={(value) => { if (isTeacherChoice(value)) onTeachers(value); }}
          styles={{ label: { fontWeight: 600 } }}
        >
          <Stack gap={6} mt={6}>
            {ROLLOVER_TEACHER_CHOICES.map((choice) => (
              <Radio
                key={choice}
                value={choice}
                label={t(TEACHER_CHOICE_TEXTS[choice].label)}
                description={t(TEACHER_CHOICE_TEXTS[choice].hint, { toYear: proposal.to_year })}
              />
            ))}
          </Stack>
        </Radio.Group>
        {lowest ? (
          <Checkbox
            checked={plan.openLowestClass}
            onChange={(event) => onOpenLowestClass(event.currentTarget.checked)}
            label={t('configuration.rollover.openLowest', { className: lowest, toYear: proposal.to_year })}
            description={t('configuration.rollover.openLowestHint')}
          />
        ) : null}
      </Stack>
    </Paper>
  );
}

/**
 * The wizard's first step: how teachers are placed and whether the lowest class is opened, then per
 * class of the ending year its class of the new year (or that it leaves the Sunday School), that
 * class's section and teacher, prefilled from the suggestion and the teacher choice. The three fields
 * sit side by side on a wide screen and stack on a phone.
 */
export function ClassesStep({ proposal, plan, onChange, onTeachers, onOpenLowestClass }: {
  proposal: Proposal;
  plan: Plan;
  onChange: (classId: string, choice: ClassChoice) => void;
  onTeachers: (choice: RolloverTeacherChoice) => void;
  onOpenLowestClass: (open: boolean) => void;
}) {
  const t = useT();
  const classOptions = [
    // The church's class list, in its order.
    ...proposal.class_names.map((name) => ({ value: name, label: name })),
    { value: LEAVES, label: t('configuration.rollover.leaves') },
  ];
  const teacherOptions = [
    { value: NO_TEACHER, label: t('configuration.rollover.noTeacher') },
    ...proposal.teachers.map((teacher) => ({ value: teacher.id, label: teacher.name })),
  ];
  const toYear = proposal.to_year;

  return (
    <Stack gap="sm">
      <YearChoices proposal={proposal} plan={plan} onTeachers={onTeachers} onOpenLowestClass={onOpenLowestClass} />
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
                  onChange={(value) => set({ next_class_name: proposal.class_names.find((name) => name === value) ?? null })}
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
                  value={teacherOf(proposal, plan, cls.id) ?? NO_TEACHER}
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
