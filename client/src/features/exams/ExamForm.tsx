import { Alert, Button, Group, Modal, NumberInput, Select, SimpleGrid, Stack, TextInput } from '@mantine/core';
import { schemaResolver, useForm } from '@mantine/form';
import { IconAlertCircle } from '@tabler/icons-react';
import { EXAM_KINDS } from '../../../../common/exams';
import { createExamInput } from '../../../../common/schemas/exams';
import { serverMessage } from '../../lib/errors';
import { localized, useT } from '../../lib/i18n';
import { notify } from '../../lib/notify';
import { trpc } from '../../lib/trpc';
import { KIND_LABEL, type ExamItem } from './exam-texts';
import './messages';

const checkExam = schemaResolver(createExamInput, { sync: true });

type Field = 'name' | 'kind' | 'starts_on' | 'ends_on' | 'weight';
type Kind = (typeof EXAM_KINDS)[number];
interface Values { name: string; kind: Kind; starts_on: string; ends_on: string; weight: number | string }

interface ExamFormProps {
  opened: boolean;
  /** The academic year a new exam is made in. */
  year: string;
  /** The exam being changed, or null to make one. */
  editing: ExamItem | null;
  onClose: () => void;
}

/** Make or change an exam: name, kind, dates (optional) and weight (empty: the scheme's of its kind),
 * checked with the server's own schema. */
export function ExamForm({ opened, year, editing, onClose }: ExamFormProps) {
  const t = useT();
  const utils = trpc.useUtils();
  const create = trpc.exams.create.useMutation();
  const update = trpc.exams.update.useMutation();
  const toInput = (values: Values) => ({
    academic_year: year,
    name: values.name,
    kind: values.kind,
    starts_on: values.starts_on || null,
    ends_on: values.ends_on || null,
    weight: values.weight === '' ? null : Number(values.weight),
  });
  const form = useForm<Values>({
    initialValues: {
      name: editing?.name ?? '',
      kind: editing?.kind ?? 'half_yearly',
      starts_on: editing?.starts_on ?? '',
      ends_on: editing?.ends_on ?? '',
      weight: editing?.weight ?? '',
    },
    validate: (values) => checkExam(toInput(values)),
    onValuesChange: () => {
      if (create.isError) create.reset();
      if (update.isError) update.reset();
    },
  });

  const done = (message: string) => () => {
    notify({ color: 'green', message });
    void utils.exams.invalidate().then(onClose);
  };
  const submit = form.onSubmit((values) => {
    const { academic_year, ...fields } = toInput(values);
    if (editing) update.mutate({ exam_id: editing.id, ...fields }, { onSuccess: done(t('exams.updated')) });
    else create.mutate({ academic_year, ...fields }, { onSuccess: done(t('exams.created')) });
  });

  const saveError = create.error ?? update.error;
  const title = editing ? t('exams.editTitle') : t('exams.addTitle', { year });
  const inputProps = (field: Field) => {
    const props = form.getInputProps(field);
    return { ...props, error: localized(t, props.error as string | undefined) };
  };

  return (
    <Modal opened={opened} onClose={onClose} title={title} centered>
      <form noValidate aria-label={title} onSubmit={submit} data-testid="exam-form">
        <Stack gap="md">
          <TextInput label={t('exams.name')} withAsterisk key={form.key('name')} {...inputProps('name')} />
          <Select
            label={t('exams.kindLabel')}
            data={EXAM_KINDS.map((kind) => ({ value: kind, label: t(KIND_LABEL[kind]) }))}
            allowDeselect={false}
            key={form.key('kind')}
            {...inputProps('kind')}
          />
          <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="md">
            <TextInput label={t('exams.startsOn')} type="date" key={form.key('starts_on')} {...inputProps('starts_on')} />
            <TextInput label={t('exams.endsOn')} type="date" key={form.key('ends_on')} {...inputProps('ends_on')} />
          </SimpleGrid>
          <NumberInput
            label={t('exams.weight')}
            description={t('exams.weightHint')}
            min={0}
            max={100}
            allowDecimal={false}
            key={form.key('weight')}
            {...inputProps('weight')}
          />
          {saveError ? (
            <Alert color="red" variant="light" icon={<IconAlertCircle size={18} />} role="alert">
              {localized(t, serverMessage(saveError, t('exams.saveFailed')))}
            </Alert>
          ) : null}
          <Group justify="flex-end">
            <Button variant="default" onClick={onClose}>{t('common.cancel')}</Button>
            <Button type="submit" loading={create.isPending || update.isPending}>{t('exams.save')}</Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
