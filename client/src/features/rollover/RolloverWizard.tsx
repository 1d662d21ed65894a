import { useEffect, useRef, useState } from 'react';
import { Alert, Box, Button, Group, Modal, Stack, Text, Title } from '@mantine/core';
import { IconAlertCircle } from '@tabler/icons-react';
import { WRAPPING_BUTTON_STYLES } from '../../components/wrapping-button';
import { useT, type MessageId } from '../../lib/i18n';
import { notify } from '../../lib/notify';
import { trpc } from '../../lib/trpc';
import { ChildrenStep } from './ChildrenStep';
import { ClassesStep } from './ClassesStep';
import { planInput, suggestedPlan, withTeacherChoice, type Plan, type Proposal } from './plan';
import { PreviewStep } from './PreviewStep';
import { failureOfRollover } from './refusals';
import './messages';

const STEPS: MessageId[] = ['configuration.rollover.stepClasses', 'configuration.rollover.stepChildren', 'configuration.rollover.stepPreview'];
const PREVIEW = STEPS.length - 1;

/**
 * The turn of the year, in three steps on a full-screen dialog: the classes of the new year, each
 * child's outcome, and the server's preview of the result, from which the rollover is committed.
 * Nothing is written before the commit. The plan starts from the server's suggestion and is kept
 * while the user goes back and forth; each visit to the preview asks the server again.
 */
export function RolloverWizard({ proposal, onClose }: { proposal: Proposal; onClose: () => void }) {
  const t = useT();
  const utils = trpc.useUtils();
  const [step, setStep] = useState(0);
  const [plan, setPlan] = useState<Plan>(() => suggestedPlan(proposal));
  const top = useRef<HTMLDivElement>(null);
  const years = { fromYear: proposal.from_year, toYear: proposal.to_year };

  const preview = trpc.rollover.preview.useMutation();
  const commit = trpc.rollover.commit.useMutation({
    onSuccess: async (result) => {
      notify({
        color: 'green',
        message: t('configuration.rollover.done', {
          // The server counts every class of the new year the children go to, as its preview lists them.
          classes: preview.data?.classes.length ?? result.totals.classes_created,
          children: result.totals.children_moved + result.totals.held_back,
        }),
      });
      onClose();
      await Promise.all([
        utils.rollover.proposal.invalidate(), utils.classes.invalidate(), utils.students.invalidate(), utils.subscription.usage.invalidate(),
      ]);
    },
  });

  // A new step starts at its top (the dialog scrolls as one page).
  useEffect(() => { top.current?.scrollIntoView({ block: 'start' }); }, [step]);

  const goTo = (next: number) => {
    commit.reset();
    if (next === PREVIEW) preview.mutate(planInput(proposal, plan));
    setStep(next);
  };
  const close = () => {
    if (!commit.isPending) onClose();
  };

  const hints: Record<number, string> = {
    0: t('configuration.rollover.classesHint', years),
    1: t('configuration.rollover.childrenHint'),
    2: t('configuration.rollover.previewHint', years),
  };
  const previewFailure = preview.isError
    ? failureOfRollover(t, proposal, preview.error, t('configuration.rollover.previewFailed'))
    : null;
  const canCommit = step === PREVIEW && preview.isSuccess && !preview.data.plan_limit;

  return (
    <Modal
      opened
      onClose={close}
      fullScreen
      title={t('configuration.rollover.start', years)}
      closeOnEscape={!commit.isPending}
      styles={{ title: { fontWeight: 700, overflowWrap: 'anywhere' } }}
    >
      <Stack gap="md" maw={960} mx="auto" pb="md">
        <Stack gap={4} ref={top} style={{ scrollMarginTop: 80 }}>
          <Title order={2} size="h4">
            {t('configuration.rollover.stepOf', { step: step + 1, steps: STEPS.length, name: t(STEPS[step]) })}
          </Title>
          <Text size="sm" c="dimmed">{hints[step]}</Text>
        </Stack>

        {step === 0 ? (
          <ClassesStep
            proposal={proposal}
            plan={plan}
            onChange={(classId, choice) => setPlan((p) => ({ ...p, classes: { ...p.classes, [classId]: choice } }))}
            onTeachers={(choice) => setPlan((p) => withTeacherChoice(p, choice))}
            onOpenLowestClass={(open) => setPlan((p) => ({ ...p, openLowestClass: open }))}
          />
        ) : null}
        {step === 1 ? (
          <ChildrenStep
            proposal={proposal}
            plan={plan}
            onPick={(childId, outcome) => setPlan((p) => ({ ...p, picked: { ...p.picked, [childId]: outcome } }))}
          />
        ) : null}
        {step === PREVIEW ? (
          <PreviewStep
            toYear={proposal.to_year}
            preview={{ data: preview.data, isPending: preview.isPending, failure: previewFailure, retry: () => goTo(PREVIEW) }}
          />
        ) : null}

        {commit.isError ? (
          <Alert color="red" variant="light" icon={<IconAlertCircle size={18} />} role="alert" title={t('configuration.rollover.commitFailed')}>
            {failureOfRollover(t, proposal, commit.error, t('configuration.rollover.commitFailed'))}
          </Alert>
        ) : null}

        <Box
          pos="sticky"
          bottom={0}
          py="sm"
          bg="var(--mantine-color-body)"
          style={{ borderTop: '1px solid var(--mantine-color-default-border)', zIndex: 1 }}
        >
          <Group justify="space-between" gap="sm">
            {step === 0 ? (
              <Button variant="default" onClick={close} disabled={commit.isPending}>{t('common.cancel')}</Button>
            ) : (
              <Button variant="default" onClick={() => goTo(step - 1)} disabled={commit.isPending}>{t('configuration.rollover.back')}</Button>
            )}
            {step < PREVIEW ? (
              <Button onClick={() => goTo(step + 1)}>{t('common.next')}</Button>
            ) : (
              <Button
                styles={WRAPPING_BUTTON_STYLES}
                disabled={!canCommit}
                loading={commit.isPending}
                onClick={() => commit.mutate(planInput(proposal, plan))}
              >
                {t('configuration.rollover.commit')}
              </Button>
            )}
          </Group>
        </Box>
      </Stack>
    </Modal>
  );
}
