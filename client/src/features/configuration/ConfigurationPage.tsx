import { useEffect } from 'react';
import { Alert, Button, Card, Group, NumberInput, Select, SimpleGrid, Skeleton, Stack, Text, Title } from '@mantine/core';
import { schemaResolver, useForm } from '@mantine/form';
import { IconAlertCircle } from '@tabler/icons-react';
import { academicYearChoices, academicYearOf } from '../../../../common/academic-year';
import { ACADEMIC_YEAR_CONFIG_LIMITS as LIMITS, ACADEMIC_YEAR_CONFIG_MESSAGES as M } from '../../../../common/record-messages';
import { academicYearConfigInput } from '../../../../common/schemas/academic-year';
import { QueryErrorState } from '../../components/ErrorState';
import { serverMessage } from '../../lib/errors';
import { notify } from '../../lib/notify';
import { trpc } from '../../lib/trpc';
import { churchToday, useCan, useSignedInSession } from '../auth';
import { CLASS_TEXT, useAcademicYears } from '../classes';
import { MONTH_OPTIONS, monthName } from '../../lib/months';
import { ChurchLanguageCard } from './ChurchLanguageCard';

const validate = schemaResolver(academicYearConfigInput, { sync: true });

/** The sentence under the fields: what the settings mean, today, for this church. */
function exampleSentence(today: string, config: { start_month: number; years_ahead: number; years_back: number }) {
  const current = academicYearOf(today, config.start_month);
  const choices = academicYearChoices(current, config);
  const endMonth = ((config.start_month + 10) % 12) + 1;
  return `An academic year runs from ${monthName(String(config.start_month))} to ${monthName(String(endMonth))}. `
    + `Today is in ${current}, and the years offered are ${choices[0]} to ${choices.at(-1)}.`;
}

/**
 * Academic Year Configuration: start month, years ahead and years back
 * (1 to 10 each), with a live example. Only principals and super admins edit it; for other roles
 * the panel is not there. Below it, for the super admin only, the church's default language. After a save every academic-year choice (classes, students, reports,
 * attendance) is refetched, so the new years are offered at once.
 */
export function ConfigurationPage() {
  const { church } = useSignedInSession();
  const allowed = useCan('configureAcademicYear');
  const config = useAcademicYears();
  const utils = trpc.useUtils();
  const save = trpc.academicYear.updateConfig.useMutation({
    onSuccess: async (settings) => {
      notify({ color: 'green', message: M.updated });
      utils.academicYear.config.setData(undefined, settings);
      await utils.academicYear.invalidate();
    },
  });
  const form = useForm({
    initialValues: { start_month: 6, years_ahead: 3, years_back: 2 },
    validate,
    onValuesChange: () => {
      if (save.isError) save.reset();
    },
  });

  // The form starts from the church's configuration once it has loaded (once only: not over edits).
  const loaded = config.data;
  useEffect(() => {
    if (loaded && !form.isDirty() && !form.initialized) {
      form.initialize({ start_month: loaded.start_month, years_ahead: loaded.years_ahead, years_back: loaded.years_back });
    }
  }, [loaded, form]);

  if (!allowed) return null;

  const values = form.getValues();
  const valid = academicYearConfigInput.safeParse(values);
  const today = churchToday(church);

  return (
    <Stack gap="lg" maw={900}>
      <Stack gap={4}>
        <Title order={1} size="h2">Academic Year Configuration</Title>
        <Text c="dimmed">When the academic year starts, and which years are offered when choosing one.</Text>
      </Stack>
      <Card withBorder padding="lg">
        {config.isPending ? (
          <Stack gap="md" aria-label="Loading configuration">
            <Skeleton height={36} />
            <Skeleton height={36} />
            <Skeleton height={36} />
          </Stack>
        ) : null}
        {config.isError ? <QueryErrorState query={config} title={CLASS_TEXT.academicYearsLoadFailed} fallback={CLASS_TEXT.unreachable} /> : null}
        {config.data ? (
          <form noValidate aria-label="Academic Year Configuration" onSubmit={form.onSubmit((v) => save.mutate(v))}>
            <Stack gap="md">
              <SimpleGrid cols={{ base: 1, sm: 3 }} spacing="md">
                <Select
                  label="Start Month"
                  withAsterisk
                  data={MONTH_OPTIONS.map((m) => ({ value: String(Number(m.value)), label: m.label }))}
                  allowDeselect={false}
                  key={form.key('start_month')}
                  {...form.getInputProps('start_month')}
                  value={String(values.start_month)}
                  onChange={(v) => form.setFieldValue('start_month', Number(v))}
                />
                <NumberInput
                  label="Years Ahead"
                  withAsterisk
                  min={LIMITS.minYears}
                  max={LIMITS.maxYears}
                  allowDecimal={false}
                  allowNegative={false}
                  key={form.key('years_ahead')}
                  {...form.getInputProps('years_ahead')}
                />
                <NumberInput
                  label="Years Back"
                  withAsterisk
                  min={LIMITS.minYears}
                  max={LIMITS.maxYears}
                  allowDecimal={false}
                  allowNegative={false}
                  key={form.key('years_back')}
                  {...form.getInputProps('years_back')}
                />
              </SimpleGrid>
              <Text size="sm" data-testid="config-example" aria-live="polite">
                {valid.success ? exampleSentence(today, valid.data) : 'Choose a start month and 1 to 10 years ahead and back.'}
              </Text>
              {save.isError ? (
                <Alert color="red" variant="light" icon={<IconAlertCircle size={18} />} role="alert">
                  {serverMessage(save.error, M.updateFailed)}
                </Alert>
              ) : null}
              <Group gap="sm">
                <Button type="submit" loading={save.isPending}>Save Configuration</Button>
              </Group>
            </Stack>
          </form>
        ) : null}
      </Card>
      <ChurchLanguageCard />
    </Stack>
  );
}
