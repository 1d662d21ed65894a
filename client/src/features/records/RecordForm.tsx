import { FieldSkeleton } from '../../components/FieldSkeleton';
import { useRef } from 'react';
import { Alert, Button, Card, Group, Select, SimpleGrid, Stack, Textarea, TextInput, Title } from '@mantine/core';
import { schemaResolver, useForm } from '@mantine/form';
import { IconAlertCircle } from '@tabler/icons-react';
import { NOTES_MAX_LENGTH } from '../../../../common/record-messages';
import { recordCreateInput } from '../../../../common/schemas/records';
import { ErrorState } from '../../components/ErrorState';
import { serverMessage } from '../../lib/errors';
import { localized, useLanguage, useT } from '../../lib/i18n';
import { notify } from '../../lib/notify';
import { trpc, type RouterOutputs } from '../../lib/trpc';
import { useAcademicYears, yearOptions } from '../classes';
import { monthOptionsIn } from '../../lib/months';
import './messages';

type Field = 'academic_year' | 'month' | 'date' | 'notes';

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
 * mode, with Cancel Edit. Checked with the server's own schema, so the messages match (shown in the
 * page's language: the catalogue holds their English).
 */
export function RecordForm({ editing, onDone }: RecordFormProps) {
  const t = useT();
  const language = useLanguage();
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
    if (editing) update.mutate({ id: editing.id, ...input }, { onSuccess: saved(t('records.updated')) });
    else create.mutate(input, { onSuccess: saved(t('records.saved')) });
  });

  const saving = create.isPending || update.isPending;
  const saveError = create.error ?? update.error;
  const title = t(editing ? 'records.editTitle' : 'records.addTitle');
  /** A field's props, its validation message in the page's language. */
  const inputProps = (field: Field) => {
    const props = form.getInputProps(field);
    return { ...props, error: localized(t, props.error as string | undefined) };
  };

  return (
    <Card withBorder padding="lg" data-testid="record-form">
      <form noValidate aria-label={title} onSubmit={submit}>
        <Stack gap="md">
          <Title order={2} size="h4">{title}</Title>
          <SimpleGrid cols={{ base: 1, sm: 3 }} spacing="md">
            {years.isPending ? <FieldSkeleton /> : (
              <Select
                label={t('records.academicYear')}
                withAsterisk
                data={yearOptions(years.data?.choices, editing?.academic_year, academicYear)}
                allowDeselect={false}
                key={form.key('academic_year')}
                {...inputProps('academic_year')}
                value={academicYear || null}
              />
            )}
            <Select
              label={t('records.month')}
              placeholder={t('records.chooseMonth')}
              withAsterisk
              data={monthOptionsIn(language)}
              allowDeselect={false}
              key={form.key('month')}
              {...inputProps('month')}
              value={form.values.month || null}
            />
            <TextInput
              label={t('records.date')}
              type="date"
              withAsterisk
              key={form.key('date')}
              {...inputProps('date')}
              onChange={(event) => {
                const date = event.currentTarget.value;
                form.setFieldValue('date', date);
                // The month follows a newly chosen date until it is chosen by hand.
                if (date && !form.values.month) form.setFieldValue('month', date.slice(5, 7));
              }}
            />
          </SimpleGrid>
          <Textarea
            label={t('records.notes')}
            placeholder={t('records.notesPlaceholder')}
            withAsterisk
            autosize
            minRows={3}
            maxRows={10}
            maxLength={NOTES_MAX_LENGTH}
            key={form.key('notes')}
            {...inputProps('notes')}
          />

          {years.isError ? (
            <ErrorState
              title={t('records.academicYearsLoadFailed')}
              message={localized(t, serverMessage(years.error, t('records.unreachable')))}
              onRetry={() => void years.refetch()}
              retrying={years.isFetching}
            />
          ) : null}
          {saveError ? (
            <Alert color="red" variant="light" icon={<IconAlertCircle size={18} />} role="alert">
              {localized(t, serverMessage(saveError, t('records.saveFailed')))}
            </Alert>
          ) : null}

          <Group gap="sm">
            <Button type="submit" loading={saving}>{t(editing ? 'records.update' : 'records.save')}</Button>
            {editing ? <Button variant="default" onClick={onDone} disabled={saving}>{t('records.cancelEdit')}</Button> : null}
          </Group>
        </Stack>
      </form>
    </Card>
  );
}
