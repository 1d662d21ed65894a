import { Group, Paper, Radio, Stack, Text, Title } from '@mantine/core';
import { ROLLOVER_OUTCOMES, type RolloverOutcome } from '../../../../common/schemas/rollover';
import { classLabel } from '../../lib/class-label';
import { useT, type MessageId } from '../../lib/i18n';
import { FailedYear } from './FailedYear';
import { outcomeOf, outcomesOf, type Plan, type Proposal } from './plan';

const OUTCOME_LABELS: Record<RolloverOutcome, MessageId> = {
  moves: 'configuration.rollover.outcomeMoves',
  held_back: 'configuration.rollover.outcomeHeldBack',
  leaves: 'configuration.rollover.outcomeLeaves',
};

const isOutcome = (value: string): value is RolloverOutcome => (ROLLOVER_OUTCOMES as readonly string[]).includes(value);

/**
 * The wizard's second step: per class, where it goes and its children, each moving up with it, held
 * back or leaving (a class that leaves offers no "moves up": its children leave unless held back).
 * A child who failed the ending year's published final result starts held back, the result said
 * under their name. The choices wrap under the child's name on a narrow screen.
 */
export function ChildrenStep({ proposal, plan, onPick }: {
  proposal: Proposal;
  plan: Plan;
  onPick: (childId: string, outcome: RolloverOutcome) => void;
}) {
  const t = useT();
  const anyFailed = proposal.classes.some((cls) => cls.children.some((child) => child.held_back_suggested));
  return (
    <Stack gap="md">
      {anyFailed ? <Text size="sm" data-testid="held-back-hint">{t('configuration.rollover.heldBackHint')}</Text> : null}
      {proposal.classes.map((cls) => {
        const choice = plan.classes[cls.id];
        const allowed = outcomesOf(choice);
        const to = choice.next_class_name
          ? classLabel({ class_name: choice.next_class_name, section: choice.next_section.trim() })
          : t('configuration.rollover.leaves');
        return (
          <Paper key={cls.id} withBorder p="md" radius="md" component="section" aria-label={classLabel(cls)} data-testid="rollover-children">
            <Stack gap="sm">
              <Title order={3} size="h5" style={{ overflowWrap: 'anywhere' }}>{`${classLabel(cls)} → ${to}`}</Title>
              {cls.children.length === 0 ? <Text size="sm" c="dimmed">{t('configuration.rollover.noChildren')}</Text> : null}
              {cls.children.map((child) => (
                <Radio.Group
                  key={child.id}
                  label={child.name}
                  description={<>{`#${child.roll_number} `}<FailedYear result={child.final_result} /></>}
                  value={outcomeOf(plan, cls.id, child.id)}
                  onChange={(value) => { if (isOutcome(value)) onPick(child.id, value); }}
                  styles={{ label: { fontWeight: 500, overflowWrap: 'anywhere' } }}
                >
                  <Group gap="md" mt={4} wrap="wrap">
                    {ROLLOVER_OUTCOMES.filter((outcome) => allowed.includes(outcome)).map((outcome) => <Radio key={outcome} value={outcome} label={t(OUTCOME_LABELS[outcome])} />)}
                  </Group>
                </Radio.Group>
              ))}
            </Stack>
          </Paper>
        );
      })}
    </Stack>
  );
}
