import { FieldSkeleton } from '../../components/FieldSkeleton';
import { useRef } from 'react';
import { Alert, Button, Card, Group, Select, SimpleGrid, Stack, Textarea, TextInput, Title } from '@mantine/core';
import { schemaResolver, useForm } from '@mantine/form';
import { IconAlertCircle } from '@tabler/icons-react';
import { NOTES_MAX_LENGTH, RECORD_MESSAGES } from '../../../../common/record-messages';
import { recordCreateInput } from '../../../../common/schemas/records';
import { QueryErrorState } from '../../components/ErrorState';
import { serverMessage } from '../../lib/errors';
import { notify } from '../../lib/notify';
import { trpc, type RouterOutputs } from '../../lib/trpc';
import { useAcademicYears, yearOptions, CLASS_TEXT } from '../classes';
import { MONTH_OPTIONS } from '../../lib/months';

const checkRecord = schemaResolver(recordCreateInput, { sync: true });

export type SessionRecord = RouterOutputs['records']['list'][number];

interface RecordFormProps {
  /** The record being edited, or null to add one. */
  editing: SessionRecord | null;
  /** Called after a successful save, and on Cancel Edit. */
  onDone: () => void;
}

/**
 * The session record form: academic year from the church's
 * choices (the current one by default), month, date and notes, all required; create and edit
 * mode, with Cancel Edit. Checked with the server's own schema, so the messages match.
 */
export function RecordForm({ editing, onDone }: RecordFormProps) {
  const years = useAcademicYears();
  const currentYear = useRef('');
  currentYear.current = years.data?.current ?? '';
  const utils = trpc.useUtils();
  const create = trpc.records.create.useMutation();
  const update = trpc.records.update.useMutation();
  const form = useForm({
    initialValues: {
      academic_year: editing?.academic_year ?? '',
      month: editing?.month ?? '',
      date: editing ? editing.date.slice(0, 10) : '',
      notes: editing?.notes ?? '',
    },
    // Untouched, the year is the church's current one: checked as it will be sent.
    validate: (values) => checkRecord({ ...values, academic_year: values.academic_year || currentYear.current }),
    onValuesChange: () => {
      if (create.isError) create.reset();
      if (update.isError) update.reset();
    },
  });
  const academicYear = form.values.academic_year || currentYear.current;

  const saved = (message: string) => () => {
    notify({ color: 'green', message });
    void utils.records.list.invalidate().then(onDone);
  };

  const submit = form.onSubmit((values) => {
    const input = { ...values, academic_year: academicYear };
    if (editing) update.mutate({ id: editing.id, ...input }, { onSuccess: saved(RECORD_MESSAGES.updated) });
    else create.mutate(input, { onSuccess: saved(RECORD_MESSAGES.saved) });
  });

  const saving = create.isPending || update.isPending;
  const saveError = create.error ?? update.error;
  const title = editing ? 'Edit Session Record' : 'Add Session Record';

  return (
    <Card withBorder padding="lg" data-testid="record-form">
      <form noValidate aria-label={title} onSubmit={submit}>
        <Stack gap="md">
          <Title order={2} size="h4">{title}</Title>
          <SimpleGrid cols={{ base: 1, sm: 3 }} spacing="md">
            {years.isPending ? <FieldSkeleton /> : (
              <Select
                label="Academic Year"
                withAsterisk
                data={yearOptions(years.data?.choices, editing?.academic_year, academicYear)}
                allowDeselect={false}
                key={form.key('academic_year')}
                {...form.getInputProps('academic_year')}
                value={academicYear || null}
              />
            )}
            <Select
              label="Month"
              placeholder="Choose a month"
              withAsterisk
              data={MONTH_OPTIONS}
              allowDeselect={false}
              key={form.key('month')}
              {...form.getInputProps('month')}
              value={form.values.month || null}
            />
            <TextInput
              label="Date"
              type="date"
              withAsterisk
              key={form.key('date')}
              {...form.getInputProps('date')}
              onChange={(event) => {
                const date = event.currentTarget.value;
                form.setFieldValue('date', date);
                // The month follows a newly chosen date until it is chosen by hand.
                if (date && !form.values.month) form.setFieldValue('month', date.slice(5, 7));
              }}
            />
          </SimpleGrid>
          <Textarea
            label="Notes"
            placeholder="What happened in the session"
            withAsterisk
            autosize
            minRows={3}
            maxRows={10}
            maxLength={NOTES_MAX_LENGTH}
            key={form.key('notes')}
            {...form.getInputProps('notes')}
          />

          {years.isError ? <QueryErrorState query={years} title={CLASS_TEXT.academicYearsLoadFailed} fallback={CLASS_TEXT.unreachable} /> : null}
          {saveError ? (
            <Alert color="red" variant="light" icon={<IconAlertCircle size={18} />} role="alert">
              {serverMessage(saveError, RECORD_MESSAGES.saveFailed)}
            </Alert>
          ) : null}

          <Group gap="sm">
            <Button type="submit" loading={saving}>{editing ? 'Update Record' : 'Save Record'}</Button>
            {editing ? <Button variant="default" onClick={onDone} disabled={saving}>Cancel Edit</Button> : null}
          </Group>
        </Stack>
      </form>
    </Card>
  );
}
