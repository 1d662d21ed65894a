import { Anchor, Badge, Table, Text, ThemeIcon } from '@mantine/core';
import { IconShieldX } from '@tabler/icons-react';
import { Link } from 'react-router-dom';
import { readablePhone } from '../../../../common/phone';
import { DataTable } from '../../components/DataTable';
import { RowActions } from '../../components/RowActions';
import type { RouterOutputs } from '../../lib/trpc';
import { classLabel } from '../../lib/class-label';
import { useLanguage, useT } from '../../lib/i18n';
import { useCan } from '../auth';
import { safetyCardPath } from '../safety-card';
import { formatCalendarDate } from './dates';
import './messages';

export type StudentItem = RouterOutputs['students']['list'][number];

interface StudentsTableProps {
  students: readonly StudentItem[];
  /** Present where students may be edited; without it and onDelete the table is read-only. */
  onEdit?: (student: StudentItem) => void;
  onDelete?: (student: StudentItem) => void;
  /** Hide the class and academic-year columns, e.g. when the table shows one class. */
  withClass?: boolean;
  testId?: string;
}

/**
 * The student list: roll number, name, parent phone, date of birth, age, parent email, class and
 * academic year. Roll number and age come from the server (the age on the church's today), never
 * computed here; a child who has left (moved away) is listed with a badge. For those who may read
 * safety cards, a name opens the child's card. Phones are shown for reading (readablePhone).
 */
export function StudentsTable({ students, onEdit, onDelete, withClass = true, testId = 'students-table' }: StudentsTableProps) {
  const t = useT();
  const language = useLanguage();
  const withActions = Boolean(onEdit || onDelete);
  const withCards = useCan('viewSafetyCards');
  return (
    <DataTable
      items={students}
      testId={testId}
      minWidth={720 + (withClass ? 220 : 0) + (withActions ? 90 : 0)}
      nowrap
      hover
      columns={[
        t('students.rollNo'), t('students.name'), t('students.parentPhone'), t('students.dateOfBirth'), t('students.age'),
        t('students.parentEmail'),
        ...(withClass ? [t('students.class'), t('students.academicYear')] : []),
        ...(withActions ? [{ label: t('students.actions'), align: 'right' } as const] : []),
      ]}
      row={(s) => (
        <Table.Tr key={s.id} data-testid="student-row">
          <Table.Td data-testid="roll-number">{s.roll_number}</Table.Td>
          <Table.Td fw={500}>
            {withCards ? (
              <Anchor component={Link} to={safetyCardPath(s.id)} inherit title={t('students.openCard', { name: s.name })}>{s.name}</Anchor>
            ) : s.name}
            {s.consent_missing ? (
              <ThemeIcon ml={6} size={20} radius="xl" color="orange.9" variant="outline" role="img" aria-label={t('students.consentMissing')}
                title={t('students.consentMissing')} data-testid="consent-missing-badge" style={{ verticalAlign: 'middle' }}>
                <IconShieldX size={13} aria-hidden />
              </ThemeIcon>
            ) : null}
            {s.active ? null : <Badge ml={6} color="gray" variant="light" data-testid="left-badge">{t('students.left')}</Badge>}
          </Table.Td>
          <Table.Td>{readablePhone(s.parent_phone)}</Table.Td>
          <Table.Td>{formatCalendarDate(language, s.date_of_birth)}</Table.Td>
          <Table.Td>{s.age}</Table.Td>
          <Table.Td>{s.parent_email ?? <Text span c="dimmed">—</Text>}</Table.Td>
          {withClass ? <Table.Td>{classLabel({ class_name: s.class_name, section: s.class_section })}</Table.Td> : null}
          {withClass ? <Table.Td>{s.academic_year}</Table.Td> : null}
          {withActions ? (
            <Table.Td>
              <RowActions
                subject={t('students.rowSubject', { name: s.name })}
                onEdit={onEdit ? () => onEdit(s) : undefined}
                onDelete={onDelete ? () => onDelete(s) : undefined}
              />
            </Table.Td>
          ) : null}
        </Table.Tr>
      )}
    />
  );
}
