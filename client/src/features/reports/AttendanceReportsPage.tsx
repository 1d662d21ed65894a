import { useState } from 'react';
import { Alert, Button, Checkbox, Group, Loader, Select, SimpleGrid, Skeleton, Stack, Tabs, Text, Title, em } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { IconAlertTriangle, IconCalendarMonth, IconDownload, IconInfoCircle, IconTable } from '@tabler/icons-react';
import { skipToken, useQueryClient } from '@tanstack/react-query';
import { MOBILE_BREAKPOINT_PX } from '../../../../common/constants';
import { SOURCE_LOCALE } from '../../../../common/i18n/locales';
import { QueryErrorState } from '../../components/ErrorState';
import { trpc } from '../../lib/trpc';
import { useAddressParams } from '../../lib/useAddressParams';
import { classLabel, classOptions } from '../../lib/class-label';
import { clearCredentials, getCredentials } from '../../lib/session-store';
import { useLanguage, useT } from '../../lib/i18n';
import { useCan } from '../auth';
import { AttendanceCalendar } from './AttendanceCalendar';
import { downloadFile, FileDownloadError, type ReportFile } from '../../lib/download-file';
import { churchYearSummary, classYearSummary, monthlyCsv, monthlyRegister } from './download-file';
import { academicYearMonths } from './months';
import { MonthlySummary, type ReportSelection } from './MonthlySummary';
import './messages';

type View = 'monthly' | 'calendar';

const MOBILE_QUERY = `(max-width: ${em(MOBILE_BREAKPOINT_PX - 0.02)})`;

function SelectorsSkeleton() {
  const t = useT();
  return (
    <SimpleGrid cols={{ base: 1, sm: 3 }} aria-busy="true" aria-label={t('reports.loadingYears')}>
      {[0, 1, 2].map((i) => <Skeleton key={i} height={60} radius="md" />)}
    </SimpleGrid>
  );
}

/**
 * Attendance Reports: choose the academic year, then a class of that year, then
 * a month of that year; then the Monthly Summary or the Calendar View of that month, the summary
 * as a CSV file (its headings in the screen's language, or English when asked), the printable register of the month and the class's yearly summary (PDF); those
 * who run the whole Sunday School also print the year's summary of every class. Teachers reach only their own classes (the server answers only those).
 */
export function AttendanceReportsPage() {
  const t = useT();
  const language = useLanguage();
  const queryClient = useQueryClient();
  const { params, update } = useAddressParams();
  const config = trpc.academicYear.config.useQuery();
  const compact = useMediaQuery(MOBILE_QUERY, false, { getInitialValueInEffect: false });

  const requestedYear = params.get('year');
  const year = requestedYear && config.data?.choices.includes(requestedYear) ? requestedYear : null;
  const classes = trpc.classes.list.useQuery(year ? { academic_year: year } : skipToken);
  const cls = classes.data?.find((c) => c.id === params.get('class'));
  const months = year && config.data ? academicYearMonths(year, config.data.start_month, language) : [];
  const month = cls ? months.find((m) => m.value === params.get('month')) : undefined;
  const view: View = params.get('view') === 'calendar' ? 'calendar' : 'monthly';

  const selection: ReportSelection | null = cls && month
    ? { classId: cls.id, year: month.year, month: month.month, monthLabel: month.label }
    : null;
  const selectionKey = selection ? `${selection.classId}|${selection.year}-${selection.month}` : '';

  const churchSummary = useCan('viewChurchSummary');
  // The CSV's headings are in the screen's language; an office that wants English ones ticks the box.
  // In English there is nothing to choose.
  const [csvEnglish, setCsvEnglish] = useState(false);
  const englishHeadings = language !== SOURCE_LOCALE && csvEnglish;
  // The file being fetched (its path): its button spins, the others wait for it.
  const [downloading, setDownloading] = useState<string | null>(null);
  const [downloadError, setDownloadError] = useState<{ key: string; message: string } | null>(null);

  const download = async (file: ReportFile, failed: string, key: string) => {
    if (downloading) return;
    setDownloading(file.path);
    setDownloadError(null);
    try {
      await downloadFile(file, failed);
    } catch (error) {
      if (error instanceof FileDownloadError && error.status === 401 && getCredentials()) {
        // The session is gone: forget it, as for any other call (app/query-client.ts).
        clearCredentials();
        setTimeout(() => queryClient.clear(), 0);
        return;
      }
      setDownloadError({ key, message: error instanceof FileDownloadError ? error.message : failed });
    } finally {
      setDownloading(null);
    }
  };

  /** A download button of a report file; its error is shown while `key` stays selected. */
  const downloadButton = (file: ReportFile, label: string, failed: string, key: string) => (
    <Button
      variant="light"
      leftSection={<IconDownload size={18} />}
      onClick={() => void download(file, failed, key)}
      loading={downloading === file.path}
      disabled={downloading !== null && downloading !== file.path}
      fullWidth={compact}
    >
      {label}
    </Button>
  );

  const hint = <Text c="dimmed" py="md">{t('reports.chooseSelection')}</Text>;

  return (
    <Stack gap="md" maw={1100}>
      <Title order={1} size="h2">{t('reports.title')}</Title>

      {config.isPending ? <SelectorsSkeleton /> : null}
      {config.isError ? <QueryErrorState query={config} title={t('reports.loadYearsFailed')} /> : null}
      {config.data ? (
        <SimpleGrid cols={{ base: 1, sm: 3 }}>
          <Select
            label={t('reports.academicYear')}
            placeholder={t('reports.chooseAcademicYear')}
            data={config.data.choices}
            value={year}
            onChange={(value) => update({ year: value, class: null, month: null })}
            allowDeselect={false}
            size="md"
          />
          <Select
            label={t('reports.class')}
            placeholder={t(year ? 'reports.chooseClass' : 'reports.chooseAcademicYearFirst')}
            data={classOptions(classes.data ?? [])}
            value={cls?.id ?? null}
            onChange={(value) => update({ class: value })}
            allowDeselect={false}
            size="md"
            disabled={!year || !classes.data || classes.data.length === 0}
            rightSection={year && classes.isPending ? <Loader size="xs" aria-label={t('reports.loadingClasses')} /> : undefined}
          />
          <Select
            label={t('reports.month')}
            placeholder={t(cls ? 'reports.chooseMonth' : 'reports.chooseClassFirst')}
            data={months.map((m) => ({ value: m.value, label: m.label }))}
            value={month?.value ?? null}
            onChange={(value) => update({ month: value })}
            allowDeselect={false}
            size="md"
            disabled={!cls}
            maxDropdownHeight={320}
          />
        </SimpleGrid>
      ) : null}

      {year && classes.isError ? <QueryErrorState query={classes} title={t('reports.loadClassesFailed')} /> : null}
      {year && classes.data?.length === 0 ? (
        <Alert color="gray" variant="light" icon={<IconInfoCircle size={18} />}>{t('reports.noClasses')}</Alert>
      ) : null}

      {year && churchSummary && classes.data && classes.data.length > 0 ? (
        <Group justify="flex-end" gap="sm">
          {downloadButton(churchYearSummary(year), t('reports.downloadChurchYear'), t('reports.downloadPdfFailed'), selectionKey)}
        </Group>
      ) : null}
      {selection && cls ? (
        <Group justify="space-between" gap="sm">
          <Text fw={600}>{classLabel(cls)} · {selection.monthLabel}</Text>
          <Group gap="sm" w={compact ? '100%' : undefined}>
            {downloadButton(monthlyCsv(selection, englishHeadings), t('reports.downloadCsv'), t('reports.downloadFailed'), selectionKey)}
            {downloadButton(monthlyRegister(selection), t('reports.downloadRegister'), t('reports.downloadPdfFailed'), selectionKey)}
            {downloadButton(classYearSummary(selection.classId), t('reports.downloadClassYear'), t('reports.downloadPdfFailed'), selectionKey)}
          </Group>
        </Group>
      ) : null}
      {selection && language !== SOURCE_LOCALE ? (
        <Group justify="flex-end" data-testid="csv-english">
          <Checkbox
            label={t('reports.csvEnglish')}
            checked={csvEnglish}
            onChange={(event) => setCsvEnglish(event.currentTarget.checked)}
          />
        </Group>
      ) : null}
      {downloadError && downloadError.key === selectionKey ? (
        <Alert
          color="red"
          variant="light"
          icon={<IconAlertTriangle size={18} />}
          role="alert"
          withCloseButton
          closeButtonLabel={t('reports.dismiss')}
          onClose={() => setDownloadError(null)}
        >
          {downloadError.message}
        </Alert>
      ) : null}

      <Tabs value={view} onChange={(value) => update({ view: value === 'calendar' ? 'calendar' : null })} keepMounted={false}>
        <Tabs.List grow={compact}>
          <Tabs.Tab value="monthly" leftSection={compact ? undefined : <IconTable size={16} />}>
            {t('reports.monthlyTab')}
          </Tabs.Tab>
          <Tabs.Tab value="calendar" leftSection={compact ? undefined : <IconCalendarMonth size={16} />}>
            {t('reports.calendarTab')}
          </Tabs.Tab>
        </Tabs.List>
        <Tabs.Panel value="monthly" pt="md">
          {selection ? <MonthlySummary key={selectionKey} {...selection} /> : hint}
        </Tabs.Panel>
        <Tabs.Panel value="calendar" pt="md">
          {selection ? <AttendanceCalendar key={selectionKey} {...selection} /> : hint}
        </Tabs.Panel>
      </Tabs>
    </Stack>
  );
}
