import { Alert, Button, Card, Group, NumberInput, SimpleGrid, Stack, Text, TextInput, Title } from '@mantine/core';
import { useForm } from '@mantine/form';
import { IconAlertCircle, IconPlus } from '@tabler/icons-react';
import type { ResultScheme } from '../../../../common/exams';
import { schemeInput } from '../../../../common/schemas/exams';
import { ErrorState } from '../../components/ErrorState';
import { TableSkeleton } from '../../components/TableSkeleton';
import { serverMessage } from '../../lib/errors';
import { localized, useT } from '../../lib/i18n';
import { notify } from '../../lib/notify';
import { trpc } from '../../lib/trpc';
import './messages';

/** The church's result scheme (principals and super admins), loaded before its form. */
export function SchemeCard() {
  const t = useT();
  const scheme = trpc.exams.scheme.useQuery();
  return (
    <Card withBorder padding="lg">
      <Stack gap="md">
        <Stack gap={4}>
          <Title order={2} size="h4">{t('exams.scheme.title')}</Title>
          <Text size="sm" c="dimmed">{t('exams.scheme.subtitle')}</Text>
        </Stack>
        {scheme.isPending ? <TableSkeleton rows={3} label={t('exams.scheme.loading')} /> : null}
        {scheme.isError ? (
          <ErrorState
            title={t('exams.scheme.loadFailed')}
            message={localized(t, serverMessage(scheme.error, t('exams.unreachable')))}
            onRetry={() => void scheme.refetch()}
            retrying={scheme.isFetching}
          />
        ) : null}
        {scheme.isSuccess ? <SchemeForm key={JSON.stringify(scheme.data)} scheme={scheme.data} /> : null}
      </Stack>
    </Card>
  );
}

type Values = Omit<ResultScheme, 'grade_bands'> & { grade_bands: Array<{ grade: string; min_percent: number | string }> };

/** Pass mark, divisions, grade bands (added, changed, removed) and each kind's weight, checked with the server's schema. */
function SchemeForm({ scheme }: { scheme: ResultScheme }) {
  const t = useT();
  const utils = trpc.useUtils();
  const save = trpc.exams.setScheme.useMutation({
    onSuccess: async () => {
      notify({ color: 'green', message: t('exams.scheme.saved') });
      await utils.exams.invalidate();
    },
  });
  const toInput = (values: Values) => ({
    ...values,
    grade_bands: values.grade_bands.map((band) => ({ grade: band.grade, min_percent: band.min_percent === '' ? Number.NaN : Number(band.min_percent) })),
  });
  const form = useForm<Values>({
    initialValues: scheme,
    validate: (values) => {
      const parsed = schemeInput.safeParse(toInput(values));
      if (parsed.success) return {};
      const errors: Record<string, string> = {};
      for (const issue of parsed.error.issues) {
        const path = issue.path.length ? issue.path.join('.') : 'scheme';
        errors[path] ??= issue.message;
      }
      return errors;
    },
    onValuesChange: () => {
      if (save.isError) save.reset();
    },
  });
  const submit = form.onSubmit((values) => save.mutate(toInput(values)));
  const err = (path: string) => localized(t, form.errors[path] as string | undefined);
  const percentField = (path: 'pass_percent' | 'distinction_percent' | 'first_class_percent' | 'second_class_percent', label: string) => (
    <NumberInput label={label} suffix=" %" min={0} max={100} decimalScale={1} key={form.key(path)} {...form.getInputProps(path)} error={err(path)} />
  );
  const weightField = (kind: 'test' | 'half_yearly' | 'annual', label: string) => (
    <NumberInput label={label} suffix=" %" min={0} max={100} allowDecimal={false} key={form.key(`weights.${kind}`)}
      {...form.getInputProps(`weights.${kind}`)} error={err(`weights.${kind}`)} />
  );

  return (
    <form noValidate aria-label={t('exams.scheme.title')} onSubmit={submit} data-testid="scheme-form">
      <Stack gap="md">
        <SimpleGrid cols={{ base: 1, xs: 2, md: 4 }} spacing="md">
          {percentField('pass_percent', t('exams.scheme.pass'))}
          {percentField('distinction_percent', t('exams.scheme.distinction'))}
          {percentField('first_class_percent', t('exams.scheme.firstClass'))}
          {percentField('second_class_percent', t('exams.scheme.secondClass'))}
        </SimpleGrid>
        {form.errors.scheme ? <Text c="red" size="sm" role="alert">{err('scheme')}</Text> : null}

        <Stack gap="xs">
          <Text fw={600}>{t('exams.scheme.grades')}</Text>
          <Text size="sm" c="dimmed">{t('exams.scheme.gradesHint')}</Text>
          {form.values.grade_bands.map((_, i) => (
            <Group key={form.key(`grade_bands.${i}`)} gap="xs" align="flex-end" wrap="nowrap" data-testid="grade-band">
              <TextInput
                label={t('exams.scheme.grade')}
                w={90}
                key={form.key(`grade_bands.${i}.grade`)}
                {...form.getInputProps(`grade_bands.${i}.grade`)}
                error={err(`grade_bands.${i}.grade`)}
              />
              <NumberInput
                label={t('exams.scheme.fromPercent')}
                suffix=" %"
                min={0}
                max={100}
                decimalScale={1}
                style={{ flex: 1, minWidth: 0 }}
                key={form.key(`grade_bands.${i}.min_percent`)}
                {...form.getInputProps(`grade_bands.${i}.min_percent`)}
                error={err(`grade_bands.${i}.min_percent`)}
              />
              <Button variant="subtle" color="red" onClick={() => form.removeListItem('grade_bands', i)}>{t('exams.scheme.removeGrade')}</Button>
            </Group>
          ))}
          {form.errors.grade_bands ? <Text c="red" size="sm" role="alert">{err('grade_bands')}</Text> : null}
          <Button
            variant="light"
            size="compact-sm"
            leftSection={<IconPlus size={14} />}
            style={{ alignSelf: 'flex-start' }}
            disabled={form.values.grade_bands.length >= 12}
            onClick={() => form.insertListItem('grade_bands', { grade: '', min_percent: '' })}
          >
            {t('exams.scheme.addGrade')}
          </Button>
        </Stack>

        <Stack gap="xs">
          <Text fw={600}>{t('exams.scheme.weights')}</Text>
          <Text size="sm" c="dimmed">{t('exams.scheme.weightsHint')}</Text>
          <SimpleGrid cols={{ base: 1, xs: 3 }} spacing="md">
            {weightField('test', t('exams.kind.test'))}
            {weightField('half_yearly', t('exams.kind.halfYearly'))}
            {weightField('annual', t('exams.kind.annual'))}
          </SimpleGrid>
        </Stack>

        {save.isError ? (
          <Alert color="red" variant="light" icon={<IconAlertCircle size={18} />} role="alert">
            {localized(t, serverMessage(save.error, t('exams.saveFailed')))}
          </Alert>
        ) : null}
        <Group justify="flex-end">
          <Button type="submit" loading={save.isPending}>{t('exams.scheme.save')}</Button>
        </Group>
      </Stack>
    </form>
  );
}
