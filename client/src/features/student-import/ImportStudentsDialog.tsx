import { useState } from 'react';
import { Alert, Anchor, Badge, Button, FileInput, Group, Modal, Select, SimpleGrid, Stack, Switch, Table, Text } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { IconAlertCircle, IconDownload, IconFileSpreadsheet } from '@tabler/icons-react';
import { IMPORT_FIELDS, type ImportField, type ImportMapping, type ImportStatus } from '../../../../common/student-import';
import { classLabelWithYear } from '../../lib/class-label';
import { serverMessage } from '../../lib/errors';
import { localized, useT, type MessageId } from '../../lib/i18n';
import { notify } from '../../lib/notify';
import { trpc } from '../../lib/trpc';
import { previewImport, type ImportPreview } from './preview-import';
// Its texts are of the `students` area, registered by the Students screen that opens it.

const FIELD_LABELS: Record<ImportField, MessageId> = {
  name: 'students.name', date_of_birth: 'students.dateOfBirth', parent_phone: 'students.parentPhone',
  parent_email: 'students.parentEmail', roll_number: 'students.importRollNumber',
  guardian_name: 'students.importGuardianName', guardian_relation: 'students.importGuardianRelation',
  guardian_phone: 'students.importGuardianPhone', guardian_whatsapp: 'students.importGuardianWhatsapp',
  guardian_consent: 'students.importGuardianConsent',
};
const STATUS: Record<ImportStatus, { label: MessageId; color: string }> = {
  new: { label: 'students.importStatusNew', color: 'green' },
  duplicate: { label: 'students.importStatusDuplicate', color: 'yellow' },
  invalid: { label: 'students.importStatusInvalid', color: 'red' },
};
const NOT_IN_FILE = '-';

/** The server's reason for a row in the user's language: the fixed texts through the catalogue, the
 * ones carrying a number by their English pattern. */
function reasonText(t: ReturnType<typeof useT>, reason: string): string {
  const inFile = /^The same name and date of birth are on line (\d+)\.$/.exec(reason);
  if (inFile) return t('students.importDuplicateInFile', { line: inFile[1] });
  const taken = /^Roll number (\d+) is already taken in this class\.$/.exec(reason);
  if (taken) return t('students.importRollNumberTaken', { roll: taken[1] });
  const twice = /^The same roll number is on line (\d+)\.$/.exec(reason);
  if (twice) return t('students.importRollNumberTwice', { line: twice[1] });
  const notDate = /^(.*) is not a date\.$/.exec(reason);
  if (notDate) return t('students.importNotADate', { date: notDate[1] });
  const notYesNo = /^"(.*)" is not yes or no\.$/.exec(reason);
  if (notYesNo) return t('students.importYesNoInvalid', { value: notYesNo[1] });
  const missing = /^Choose the column for: (.*)\.$/.exec(reason);
  if (missing) {
    const fields = missing[1].split(', ').map((f) => (f in FIELD_LABELS ? t(FIELD_LABELS[f as ImportField]) : f));
    return t('students.importMappingMissing', { fields: fields.join(', ') });
  }
  return localized(t, reason);
}

/** A row's guardian as the table shows it: name, relation and phone as written. */
const guardianText = (values: ImportPreview['rows'][number]['values']) =>
  [values.guardian_name, values.guardian_relation, values.guardian_phone].filter(Boolean).join(' · ');

/**
 * Import students from a spreadsheet: choose the class and the file, check the header row (found by
 * the server under any title rows) and the columns (the church's last import's, else guessed; a
 * change asks for the preview again), read the preview with every row's errors (or only the problem
 * rows), then import the new rows. Nothing is added before the Import button.
 */
export function ImportStudentsDialog({ opened, onClose, defaultClassId }: { opened: boolean; onClose: () => void; defaultClassId: string | null }) {
  const t = useT();
  const phone = useMediaQuery('(max-width: 36em)', false, { getInitialValueInEffect: false });
  const utils = trpc.useUtils();
  const classes = trpc.students.availableClasses.useQuery(undefined, { enabled: opened });
  const [classId, setClassId] = useState<string | null>(defaultClassId);
  const [file, setFile] = useState<File | null>(null);
  const [preview, setPreview] = useState<ImportPreview | null>(null);
  const [reading, setReading] = useState(false);
  const [readError, setReadError] = useState<string | null>(null);
  const [problemsOnly, setProblemsOnly] = useState(false);

  const run = async (mapping?: ImportMapping, headerLine?: number) => {
    if (!file || !classId) return;
    setReading(true);
    setReadError(null);
    try {
      setPreview(await previewImport(classId, file, mapping, headerLine));
    } catch (error) {
      setPreview(null);
      setReadError(error instanceof Error && error.message ? error.message : t('students.importPreviewFailed'));
    } finally {
      setReading(false);
    }
  };

  const importRows = trpc.students.import.useMutation({
    onSuccess: async (result) => {
      notify({ color: 'green', message: t('students.importDone', { count: result.imported }) });
      close();
      await Promise.all([utils.students.invalidate(), utils.classes.invalidate(), utils.subscription.usage.invalidate()]);
    },
  });

  const close = () => {
    setFile(null);
    setPreview(null);
    setReadError(null);
    setProblemsOnly(false);
    importRows.reset();
    onClose();
  };

  const newRows = preview?.rows.filter((r) => r.status === 'new') ?? [];
  const shownRows = (preview?.rows ?? []).filter((r) => !problemsOnly || r.status !== 'new');
  const guardianMapped = preview !== null && IMPORT_FIELDS.some((f) => f.startsWith('guardian_') && preview.mapping[f] !== null);
  // The columns used, by header: the server remembers them for the church's next import.
  const columnsUsed = preview === null ? undefined
    : Object.fromEntries(IMPORT_FIELDS.map((f) => [f, preview.mapping[f] === null ? null : preview.columns[preview.mapping[f]] ?? null]));
  const overLimit = preview !== null && preview.can_add !== null && newRows.length > preview.can_add;
  const columnOptions = [
    { value: NOT_IN_FILE, label: t('students.importNotInFile') },
    ...(preview?.columns ?? []).map((header, i) => ({ value: String(i), label: header || `#${i + 1}` })),
  ];

  return (
    <Modal opened={opened} onClose={close} title={t('students.importTitle')} size="xl" fullScreen={phone}>
      <Stack gap="md">
        <Text size="sm" c="dimmed">{t('students.importIntro')}</Text>
        <Group gap="md">
          <Anchor href="/api/students/import/template?format=xlsx" download size="sm">
            <Group gap={4} component="span"><IconDownload size={16} />{t('students.importTemplate')}</Group>
          </Anchor>
          <Anchor href="/api/students/import/template?format=csv" download size="sm">{t('students.importTemplateCsv')}</Anchor>
        </Group>
        <SimpleGrid cols={{ base: 1, sm: 2 }}>
          <Select
            label={t('students.class')}
            placeholder={t('students.chooseClass')}
            data={(classes.data ?? []).map((c) => ({ value: c.id, label: classLabelWithYear(c) }))}
            value={classId}
            onChange={(value) => { setClassId(value); setPreview(null); }}
            searchable
            disabled={classes.isPending}
            error={classes.isError ? t('students.classesLoadFailed') : undefined}
          />
          <FileInput
            label={t('students.importFile')}
            placeholder={t('students.importFilePlaceholder')}
            accept=".csv,.xlsx,text/csv,application/vnd.openxmlformats-officedocument.spreadsheetml.sheet"
            leftSection={<IconFileSpreadsheet size={16} />}
            value={file}
            onChange={(value) => { setFile(value); setPreview(null); }}
            clearable
          />
        </SimpleGrid>
        <Group>
          <Button onClick={() => void run()} disabled={!file || !classId} loading={reading} variant={preview ? 'default' : 'filled'}>
            {t('students.importPreview')}
          </Button>
        </Group>
        {readError ? (
          <Alert color="red" icon={<IconAlertCircle size={16} />} title={t('students.importPreviewFailed')}>{localized(t, readError)}</Alert>
        ) : null}

        {preview ? (
          <Stack gap="md">
            <Select
              label={t('students.importHeaderRow')}
              description={t('students.importHeaderRowHint')}
              data={preview.top_lines.map((l) => ({ value: String(l.line), label: t('students.importHeaderRowLine', { line: l.line, text: l.text }) }))}
              allowDeselect={false}
              value={String(preview.header_line)}
              onChange={(value) => { if (value !== null) void run(undefined, Number(value)); }}
            />
            <Stack gap={4}>
              <Text fw={600}>{t('students.importMapping')}</Text>
              <Text size="sm" c="dimmed">{t('students.importMappingHint')}</Text>
              {preview.remembered ? <Text size="sm" c="dimmed" data-testid="import-remembered">{t('students.importRemembered')}</Text> : null}
            </Stack>
            <SimpleGrid cols={{ base: 1, xs: 2, md: 3 }}>
              {IMPORT_FIELDS.map((field) => (
                <Select
                  key={field}
                  label={t(FIELD_LABELS[field])}
                  data={columnOptions}
                  allowDeselect={false}
                  value={preview.mapping[field] === null ? NOT_IN_FILE : String(preview.mapping[field])}
                  onChange={(value) => {
                    const chosen = value === null || value === NOT_IN_FILE ? null : Number(value);
                    // A column fills one field: taking it here leaves the field that had it without one.
                    const next = Object.fromEntries(IMPORT_FIELDS.map((f) => [f, f === field ? chosen : preview.mapping[f] === chosen ? null : preview.mapping[f]])) as ImportMapping;
                    void run(next, preview.header_line);
                  }}
                />
              ))}
            </SimpleGrid>

            <Group justify="space-between" gap="sm">
              <Text size="sm" data-testid="import-counts">
                {t('students.importCounts', { new: preview.counts.new, duplicate: preview.counts.duplicate, invalid: preview.counts.invalid })}
              </Text>
              <Switch label={t('students.importProblemsOnly')} checked={problemsOnly} onChange={(event) => setProblemsOnly(event.currentTarget.checked)} />
            </Group>
            {problemsOnly && !shownRows.length ? <Text size="sm" c="dimmed">{t('students.importNoProblems')}</Text> : null}
            <Table.ScrollContainer minWidth={560} type="native" mah={420}>
              <Table striped stickyHeader>
                <Table.Thead>
                  <Table.Tr>
                    <Table.Th>{t('students.importLine')}</Table.Th>
                    <Table.Th>{t('students.name')}</Table.Th>
                    <Table.Th>{t('students.dateOfBirth')}</Table.Th>
                    <Table.Th>{t('students.parentPhone')}</Table.Th>
                    {guardianMapped ? <Table.Th>{t('students.importGuardian')}</Table.Th> : null}
                    <Table.Th>{t('students.importStatus')}</Table.Th>
                  </Table.Tr>
                </Table.Thead>
                <Table.Tbody>
                  {shownRows.map((row) => (
                    <Table.Tr key={row.line} data-status={row.status}>
                      <Table.Td>{row.line}</Table.Td>
                      <Table.Td>{row.values.name}</Table.Td>
                      <Table.Td>{row.values.date_of_birth}</Table.Td>
                      <Table.Td>{row.values.parent_phone}</Table.Td>
                      {guardianMapped ? <Table.Td>{guardianText(row.values)}</Table.Td> : null}
                      <Table.Td>
                        <Stack gap={2}>
                          <Badge color={STATUS[row.status].color} variant="light">{t(STATUS[row.status].label)}</Badge>
                          {(row.errors.length ? row.errors : row.reason ? [row.reason] : []).map((reason) => (
                            <Text key={reason} size="xs" c="dimmed">{reasonText(t, reason)}</Text>
                          ))}
                        </Stack>
                      </Table.Td>
                    </Table.Tr>
                  ))}
                </Table.Tbody>
              </Table>
            </Table.ScrollContainer>

            {overLimit ? (
              <Alert color="orange" icon={<IconAlertCircle size={16} />}>{t('students.importOverLimit', { count: preview.can_add ?? 0 })}</Alert>
            ) : null}
            {!newRows.length ? <Text size="sm" c="dimmed">{t('students.importNothing')}</Text> : null}
            {importRows.isError ? (
              <Alert color="red" icon={<IconAlertCircle size={16} />} title={t('students.importFailed')}>
                {localized(t, serverMessage(importRows.error, t('students.importFailed')))}
              </Alert>
            ) : null}
            <Group justify="flex-end">
              <Button
                disabled={!newRows.length || overLimit || reading}
                loading={importRows.isPending}
                onClick={() => classId && importRows.mutate({ class_id: classId, columns: columnsUsed, rows: newRows.map((r) => ({ line: r.line, ...r.values })) })}
              >
                {t('students.importConfirm', { count: newRows.length })}
              </Button>
            </Group>
          </Stack>
        ) : null}
      </Stack>
    </Modal>
  );
}
