import { useState } from 'react';
import { Alert, Button, Group, Modal, NumberInput, Paper, Skeleton, Stack, Switch, Text, TextInput } from '@mantine/core';
import { schemaResolver, useForm } from '@mantine/form';
import { IconAlertCircle } from '@tabler/icons-react';
import { Link } from 'react-router-dom';
import { updatePaperInput } from '../../../../common/schemas/exams';
import { ConfirmDialog } from '../../components/ConfirmDialog';
import { ErrorState } from '../../components/ErrorState';
import { classLabel } from '../../lib/class-label';
import { serverMessage } from '../../lib/errors';
import { localized, useT } from '../../lib/i18n';
import { notify } from '../../lib/notify';
import { trpc, type RouterOutputs } from '../../lib/trpc';
import { marksPath, resultsPath } from './exam-texts';
import './messages';

type ExamClass = RouterOutputs['exams']['get']['classes'][number];
type ExamPaper = ExamClass['papers'][number];

const checkPaper = schemaResolver(updatePaperInput, { sync: true });

/**
 * An exam's classes (a teacher: their own) with their papers, and links to each class's marks and
 * results. Managers add, change and remove papers while the results are not published.
 */
export function ExamClasses({ examId, manager, published }: { examId: string; manager: boolean; published: boolean }) {
  const t = useT();
  const utils = trpc.useUtils();
  const detail = trpc.exams.get.useQuery({ exam_id: examId });
  // The paper form: a class to add a paper to, or a paper to change.
  const [paperForm, setPaperForm] = useState<{ classId: string; paper: ExamPaper | null; version: number } | null>(null);
  const [removing, setRemoving] = useState<ExamPaper | null>(null);
  const remove = trpc.exams.deletePaper.useMutation({
    onSuccess: async () => {
      notify({ color: 'green', message: t('exams.paperRemoved') });
      setRemoving(null);
      await utils.exams.invalidate();
    },
  });
  const editable = manager && !published;

  if (detail.isPending) return <Skeleton height={80} radius="sm" aria-label={t('exams.loadingClasses')} role="status" />;
  if (detail.isError) {
    return (
      <ErrorState
        title={t('exams.classesFailed')}
        message={localized(t, serverMessage(detail.error, t('exams.unreachable')))}
        onRetry={() => void detail.refetch()}
        retrying={detail.isFetching}
      />
    );
  }
  const classes = detail.data.classes;
  return (
    <Stack gap="sm" data-testid="exam-classes">
      {classes.length === 0 ? <Text c="dimmed" size="sm">{manager ? t('exams.noClassesOfYear') : t('exams.noClassesOfYours')}</Text> : null}
      {published && manager ? <Text size="sm" c="dimmed">{t('exams.papersLocked')}</Text> : null}
      {classes.map((cls) => (
        <Paper key={cls.id} withBorder p="sm" radius="sm" data-testid="exam-class" aria-label={classLabel(cls)} component="section">
          <Stack gap="xs">
            <Text fw={600}>{classLabel(cls)}</Text>
            {cls.papers.length === 0 ? <Text size="sm" c="dimmed">{t('exams.noPapers')}</Text> : null}
            {cls.papers.map((paper) => (
              <Group key={paper.id} justify="space-between" gap="xs" data-testid="exam-paper" wrap="wrap">
                <Text size="sm" style={{ overflowWrap: 'anywhere', minWidth: 0, flex: '1 1 10rem' }}>
                  {paper.half_marks_allowed
                    ? t('exams.paperLineHalves', { name: paper.name, max: paper.max_marks })
                    : t('exams.paperLine', { name: paper.name, max: paper.max_marks })}
                </Text>
                {editable ? (
                  <Group gap={4}>
                    <Button size="compact-sm" variant="default" onClick={() => setPaperForm({ classId: cls.id, paper, version: Date.now() })}>
                      {t('exams.editPaper')}
                    </Button>
                    <Button size="compact-sm" variant="subtle" color="red" onClick={() => { remove.reset(); setRemoving(paper); }}>
                      {t('exams.removePaper')}
                    </Button>
                  </Group>
                ) : null}
              </Group>
            ))}
            <Group gap="xs" wrap="wrap">
              {editable ? (
                <Button size="compact-sm" variant="light" onClick={() => setPaperForm({ classId: cls.id, paper: null, version: Date.now() })}>
                  {t('exams.addPaper')}
                </Button>
              ) : null}
              {cls.papers.length > 0 ? (
                <>
                  <Button size="compact-sm" component={Link} to={marksPath(examId, cls.id)}>{t('exams.enterMarks')}</Button>
                  <Button size="compact-sm" variant="outline" component={Link} to={resultsPath(examId, cls.id)}>{t('exams.results')}</Button>
                </>
              ) : null}
            </Group>
          </Stack>
        </Paper>
      ))}

      {paperForm ? (
        <PaperForm key={paperForm.version} examId={examId} classId={paperForm.classId} paper={paperForm.paper} onClose={() => setPaperForm(null)} />
      ) : null}

      <ConfirmDialog
        opened={removing !== null}
        title={t('exams.removePaperTitle')}
        confirmLabel={t('exams.removePaper')}
        onConfirm={() => removing && remove.mutate({ paper_id: removing.id })}
        onClose={() => setRemoving(null)}
        pending={remove.isPending}
        error={remove.isError ? localized(t, serverMessage(remove.error, t('exams.saveFailed'))) : null}
      >
        {removing ? t('exams.removePaperQuestion', { name: removing.name }) : ''}
      </ConfirmDialog>
    </Stack>
  );
}

/** Add a paper to a class of the exam, or change one: name, maximum marks, half marks allowed. */
function PaperForm({ examId, classId, paper, onClose }: { examId: string; classId: string; paper: ExamPaper | null; onClose: () => void }) {
  const t = useT();
  const utils = trpc.useUtils();
  const add = trpc.exams.addPaper.useMutation();
  const update = trpc.exams.updatePaper.useMutation();
  const form = useForm({
    initialValues: { name: paper?.name ?? '', max_marks: paper?.max_marks ?? (100), half_marks_allowed: paper?.half_marks_allowed ?? false },
    validate: (values) => checkPaper({ paper_id: paper?.id ?? classId, ...values, max_marks: Number(values.max_marks) }),
    onValuesChange: () => {
      if (add.isError) add.reset();
      if (update.isError) update.reset();
    },
  });
  const done = (message: string) => () => {
    notify({ color: 'green', message });
    void utils.exams.invalidate().then(onClose);
  };
  const submit = form.onSubmit((values) => {
    const fields = { ...values, max_marks: Number(values.max_marks) };
    if (paper) update.mutate({ paper_id: paper.id, ...fields }, { onSuccess: done(t('exams.paperUpdated')) });
    else add.mutate({ exam_id: examId, class_id: classId, ...fields }, { onSuccess: done(t('exams.paperAdded')) });
  });
  const error = add.error ?? update.error;
  const title = paper ? t('exams.editPaperTitle') : t('exams.addPaperTitle');
  const inputProps = (field: 'name' | 'max_marks') => {
    const props = form.getInputProps(field);
    return { ...props, error: localized(t, props.error as string | undefined) };
  };
  return (
    <Modal opened onClose={onClose} title={title} centered>
      <form noValidate aria-label={title} onSubmit={submit} data-testid="paper-form">
        <Stack gap="md">
          <TextInput label={t('exams.paperName')} withAsterisk key={form.key('name')} {...inputProps('name')} />
          <NumberInput label={t('exams.maxMarks')} withAsterisk min={1} max={1000} allowDecimal={false} key={form.key('max_marks')} {...inputProps('max_marks')} />
          <Switch label={t('exams.halfMarks')} key={form.key('half_marks_allowed')} {...form.getInputProps('half_marks_allowed', { type: 'checkbox' })} />
          {error ? (
            <Alert color="red" variant="light" icon={<IconAlertCircle size={18} />} role="alert">
              {localized(t, serverMessage(error, t('exams.saveFailed')))}
            </Alert>
          ) : null}
          <Group justify="flex-end">
            <Button variant="default" onClick={onClose}>{t('common.cancel')}</Button>
            <Button type="submit" loading={add.isPending || update.isPending}>{t('exams.save')}</Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
