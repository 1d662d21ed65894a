import { useEffect } from 'react';
import { Alert, Button, Card, Group, NumberInput, Select, SimpleGrid, Skeleton, Stack, Text, Title } from '@mantine/core';
import { schemaResolver, useForm } from '@mantine/form';
import { IconAlertCircle } from '@tabler/icons-react';
import { academicYearChoices, academicYearOf } from '../../../../common/academic-year';
import { ACADEMIC_YEAR_CONFIG_LIMITS as LIMITS } from '../../../../common/record-messages';
import type { Locale } from '../../../../common/i18n/locales';
import { academicYearConfigInput } from '../../../../common/schemas/academic-year';
import { ErrorState } from '../../components/ErrorState';
import { ScreenBoundary } from '../../components/ScreenBoundary';
import { serverMessage } from '../../lib/errors';
import { localized, useLanguage, useT, type MessageId, type MessageValues } from '../../lib/i18n';
import { notify } from '../../lib/notify';
import { trpc } from '../../lib/trpc';
import { churchToday, useCan, useSignedInSession } from '../auth';
import { AssociationCard } from '../association-membership';
import { ClassNamesCard, useAcademicYears } from '../classes';
import { ClassDaysCard, FollowUpSettingCard } from '../follow-up';
import { ErasureCandidatesCard, RetentionCard } from '../privacy';
import { PrivacyNoticeCard } from '../privacy-notice';
import { RolloverCard } from '../rollover';
import { monthNameIn, monthOptionsIn } from '../../lib/months';
import { ChurchLanguageCard } from './ChurchLanguageCard';
import { DigestSettingCard } from './DigestSettingCard';
import './messages';

type Field = 'start_month' | 'years_ahead' | 'years_back';
type Translate = (id: MessageId, values?: MessageValues) => string;

const validate = schemaResolver(academicYearConfigInput, { sync: true });

/** The sentence under the fields: what the settings mean, today, for this church. */
function exampleSentence(t: Translate, locale: Locale, today: string, config: { start_month: number; years_ahead: number; years_back: number }) {
  const current = academicYearOf(today, config.start_month);
  const choices = academicYearChoices(current, config);
  const endMonth = ((config.start_month + 10) % 12) + 1;
  return t('configuration.example', {
    start: monthNameIn(locale, String(config.start_month)), end: monthNameIn(locale, String(endMonth)),
    current, first: choices[0] ?? current, last: choices.at(-1) ?? current,
  });
}

/**
 * Academic Year Configuration: start month, years ahead and years back
 * (1 to 10 each), with a live example. Only principals and super admins edit it; for other roles
 * the panel is not there. Under it, the turn of the year (its card opens the rollover wizard) and, for
 * the super admin only, the church's default language; the church's association (answered by the super
 * admin, read by a principal). After a save every academic-year choice
 * (classes, students, reports, attendance) is refetched, so the new years are offered at once.
 */
export function ConfigurationPage() {
  const t = useT();
  const language = useLanguage();
  const { church } = useSignedInSession();
  const allowed = useCan('configureAcademicYear');
  const configuresFollowUp = useCan('configureFollowUp');
  const configuresClassNames = useCan('configureClassNames');
  const receivesDigest = useCan('receiveDigest');
  const managesRetention = useCan('manageRetention');
  const rollsOverYear = useCan('rollOverYear');
  const readsAssociation = useCan('readCirculars');
  const config = useAcademicYears();
  const utils = trpc.useUtils();
  const save = trpc.academicYear.updateConfig.useMutation({
    onSuccess: async (settings) => {
      notify({ color: 'green', message: t('configuration.updated') });
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
  /** A field's props, its validation message (the shared schema's English) in the page's language. */
  const inputProps = (field: Field) => {
    const props = form.getInputProps(field);
    return { ...props, error: localized(t, props.error as string | undefined) };
  };
  const valid = academicYearConfigInput.safeParse(values);
  const today = churchToday(church);

  return (
    <Stack gap="lg" maw={900}>
      <Stack gap={4}>
        <Title order={1} size="h2">{t('configuration.title')}</Title>
        <Text c="dimmed">{t('configuration.intro')}</Text>
      </Stack>
      <Card withBorder padding="lg">
        {config.isPending ? (
          <Stack gap="md" aria-label={t('configuration.loading')}>
            <Skeleton height={36} />
            <Skeleton height={36} />
            <Skeleton height={36} />
          </Stack>
        ) : null}
        {config.isError ? (
          <ErrorState
            title={t('configuration.academicYearsLoadFailed')}
            message={localized(t, serverMessage(config.error, t('configuration.unreachable')))}
            onRetry={() => void config.refetch()}
            retrying={config.isFetching}
          />
        ) : null}
        {config.data ? (
          <form noValidate aria-label={t('configuration.title')} onSubmit={form.onSubmit((v) => save.mutate(v))}>
            <Stack gap="md">
              <SimpleGrid cols={{ base: 1, sm: 3 }} spacing="md">
                <Select
                  label={t('configuration.startMonth')}
                  withAsterisk
                  data={monthOptionsIn(language).map((m) => ({ value: String(Number(m.value)), label: m.label }))}
                  allowDeselect={false}
                  key={form.key('start_month')}
                  {...inputProps('start_month')}
                  value={String(values.start_month)}
                  onChange={(v) => form.setFieldValue('start_month', Number(v))}
                />
                <NumberInput
                  label={t('configuration.yearsAhead')}
                  withAsterisk
                  min={LIMITS.minYears}
                  max={LIMITS.maxYears}
                  allowDecimal={false}
                  allowNegative={false}
                  key={form.key('years_ahead')}
                  {...inputProps('years_ahead')}
                />
                <NumberInput
                  label={t('configuration.yearsBack')}
                  withAsterisk
                  min={LIMITS.minYears}
                  max={LIMITS.maxYears}
                  allowDecimal={false}
                  allowNegative={false}
                  key={form.key('years_back')}
                  {...inputProps('years_back')}
                />
              </SimpleGrid>
              <Text size="sm" data-testid="config-example" aria-live="polite">
                {valid.success ? exampleSentence(t, language, today, valid.data) : t('configuration.chooseValues')}
              </Text>
              {save.isError ? (
                <Alert color="red" variant="light" icon={<IconAlertCircle size={18} />} role="alert">
                  {localized(t, serverMessage(save.error, t('configuration.updateFailed')))}
                </Alert>
              ) : null}
              <Group gap="sm">
                <Button type="submit" loading={save.isPending}>{t('configuration.save')}</Button>
              </Group>
            </Stack>
          </form>
        ) : null}
      </Card>
      {configuresClassNames ? <ScreenBoundary fallback={null}><ClassNamesCard /></ScreenBoundary> : null}
      {rollsOverYear ? <RolloverCard /> : null}
      {configuresFollowUp ? (
        <ScreenBoundary fallback={null}>
          <FollowUpSettingCard />
          <ClassDaysCard />
        </ScreenBoundary>
      ) : null}
      {receivesDigest ? <DigestSettingCard /> : null}
      {managesRetention ? <><RetentionCard /><ErasureCandidatesCard /></> : null}
      {readsAssociation ? <ScreenBoundary fallback={null}><AssociationCard /></ScreenBoundary> : null}
      <ChurchLanguageCard />
      <PrivacyNoticeCard />
    </Stack>
  );
}
