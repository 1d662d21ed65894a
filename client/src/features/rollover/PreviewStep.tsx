import { Alert, Badge, Group, Paper, Skeleton, Stack, Text, Title } from '@mantine/core';
import { IconAlertCircle } from '@tabler/icons-react';
import { ErrorState } from '../../components/ErrorState';
import { classLabel } from '../../lib/class-label';
import { useT } from '../../lib/i18n';
import { FailedYear } from './FailedYear';
import type { PreviewAnswer } from './plan';
import { Totals } from './Totals';

interface PreviewState {
  data: PreviewAnswer | undefined;
  isPending: boolean;
  /** The failure, already in the user's language. */
  failure: string | null;
  retry: () => void;
}

/** A child of the preview: roll number, name, the class they come from, a badge when held back, and
 * a failed final result of the ending year (the reason to hold back, or a child moved up anyway). */
function ChildLine({ child }: { child: PreviewAnswer['classes'][number]['children'][number] }) {
  const t = useT();
  return (
    <Group component="li" gap="xs" wrap="wrap" data-testid="preview-child">
      <Text size="sm" c="dimmed" miw={28}>{`${child.roll_number}.`}</Text>
      <Text size="sm" fw={500} style={{ overflowWrap: 'anywhere' }}>{child.name}</Text>
      <Text size="sm" c="dimmed">{t('configuration.rollover.fromClass', { className: child.from_class })}</Text>
      {child.outcome === 'held_back' ? <Badge color="orange" variant="light">{t('configuration.rollover.outcomeHeldBack')}</Badge> : null}
      <FailedYear result={child.final_result} />
    </Group>
  );
}

const LIST_STYLE = { listStyle: 'none' } as const;

/**
 * The wizard's last step: the new year as the server lays it out from the plan, nothing written yet:
 * how teachers were placed, every class in school order with its teacher and children (the lowest
 * class opened for new children marked so), the children leaving, the totals, and the plan's class
 * limit when the rollover would pass it (the wizard then offers no commit).
 */
export function PreviewStep({ preview, toYear }: { preview: PreviewState; toYear: string }) {
  const t = useT();
  if (preview.isPending) {
    return (
      <Stack gap="sm" aria-busy="true" aria-label={t('configuration.rollover.previewLoading')}>
        <Skeleton height={64} />
        <Skeleton height={120} />
        <Skeleton height={120} />
      </Stack>
    );
  }
  if (preview.failure !== null || !preview.data) {
    return <ErrorState title={t('configuration.rollover.previewFailed')} message={preview.failure ?? undefined} onRetry={preview.retry} />;
  }
  const { data } = preview;
  return (
    <Stack gap="md" data-testid="rollover-preview">
      {data.plan_limit ? (
        <Alert color="orange" variant="light" icon={<IconAlertCircle size={18} />} role="alert" data-testid="rollover-plan-limit">
          {t('configuration.rollover.overLimit', {
            count: data.totals.classes_created, limit: Number(data.plan_limit.values.limit), toYear,
          })}
        </Alert>
      ) : null}
      <Totals totals={data.totals} />
      <Text size="sm" data-testid="preview-teachers">
        {data.teachers === 'stay' ? t('configuration.rollover.previewTeachersStay') : t('configuration.rollover.previewTeachersMoveUp')}
      </Text>
      {data.classes.length === 0 ? <Text c="dimmed">{t('configuration.rollover.noNewClasses', { toYear })}</Text> : null}
      {data.classes.map((cls) => (
        <Paper key={`${cls.class_name}\n${cls.section}`} withBorder p="md" radius="md" component="section" aria-label={classLabel(cls)} data-testid="preview-class">
          <Stack gap="xs">
            <Group gap="xs" wrap="wrap">
              <Title order={3} size="h5">{classLabel(cls)}</Title>
              <Badge variant="light" color={cls.existing ? 'gray' : 'blue'}>
                {cls.existing ? t('configuration.rollover.existingClass', { toYear }) : t('configuration.rollover.newClass')}
              </Badge>
              {cls.opened_for_admissions ? <Badge variant="light" color="green">{t('configuration.rollover.openedClass')}</Badge> : null}
            </Group>
            <Text size="sm" c="dimmed">
              {cls.teacher_name ? t('configuration.rollover.teacherOf', { name: cls.teacher_name }) : t('configuration.rollover.noTeacher')}
            </Text>
            {cls.children.length === 0 ? (
              <Text size="sm" c="dimmed">
                {cls.opened_for_admissions ? t('configuration.rollover.openedClassEmpty') : t('configuration.rollover.emptyClass')}
              </Text>
            ) : (
              <Stack component="ul" gap={4} m={0} p={0} style={LIST_STYLE}>
                {cls.children.map((child) => <ChildLine key={child.id} child={child} />)}
              </Stack>
            )}
          </Stack>
        </Paper>
      ))}
      <Paper withBorder p="md" radius="md" component="section" aria-label={t('configuration.rollover.leavingTitle')} data-testid="preview-leaving">
        <Stack gap="xs">
          <Title order={3} size="h5">{t('configuration.rollover.leavingTitle')}</Title>
          {data.leaving.length === 0 ? <Text size="sm" c="dimmed">{t('configuration.rollover.noneLeaving')}</Text> : (
            <Stack component="ul" gap={4} m={0} p={0} style={LIST_STYLE}>
              {data.leaving.map((child) => (
                <Group component="li" key={child.id} gap="xs" wrap="wrap" data-testid="leaving-child">
                  <Text size="sm" fw={500} style={{ overflowWrap: 'anywhere' }}>{child.name}</Text>
                  <Text size="sm" c="dimmed">{t('configuration.rollover.fromClass', { className: child.from_class })}</Text>
                  <FailedYear result={child.final_result} />
                </Group>
              ))}
            </Stack>
          )}
        </Stack>
      </Paper>
    </Stack>
  );
}
