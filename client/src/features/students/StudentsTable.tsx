import { Table, Text } from '@mantine/core';
import { RowActions } from '../../components/RowActions';
import type { RouterOutputs } from '../../lib/trpc';
import { classLabel } from '../classes';
import { formatCalendarDate } from './dates';

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
 * The student list of 01 section 2: roll number, name, parent phone, date of birth, age, parent
 * email, class and academic year. Roll number and age come from the server (the age on the church's
 * today), never computed here.
 */
export function StudentsTable({ students, onEdit, onDelete, withClass = true, testId = 'students-table' }: StudentsTableProps) {
  const withActions = Boolean(onEdit || onDelete);
  const minWidth = 720 + (withClass ? 220 : 0) + (withActions ? 90 : 0);
  return (
    <Table.ScrollContainer minWidth={minWidth} type="native">
      <Table striped highlightOnHover verticalSpacing="sm" style={{ whiteSpace: 'nowrap' }} data-testid={testId}>
        <Table.Thead>
          <Table.Tr>
            <Table.Th>Roll No.</Table.Th>
            <Table.Th>Name</Table.Th>
            <Table.Th>Parent Phone</Table.Th>
            <Table.Th>Date of Birth</Table.Th>
            <Table.Th>Age</Table.Th>
            <Table.Th>Parent Email</Table.Th>
            {withClass ? <Table.Th>Class</Table.Th> : null}
            {withClass ? <Table.Th>Academic Year</Table.Th> : null}
            {withActions ? <Table.Th ta="right">Actions</Table.Th> : null}
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {students.map((s) => (
            <Table.Tr key={s.id} data-testid="student-row">
              <Table.Td data-testid="roll-number">{s.roll_number}</Table.Td>
              <Table.Td fw={500}>{s.name}</Table.Td>
              <Table.Td>{s.parent_phone}</Table.Td>
              <Table.Td>{formatCalendarDate(s.date_of_birth)}</Table.Td>
              <Table.Td>{s.age}</Table.Td>
              <Table.Td>{s.parent_email ?? <Text span c="dimmed">—</Text>}</Table.Td>
              {withClass ? <Table.Td>{classLabel({ class_name: s.class_name, section: s.class_section })}</Table.Td> : null}
              {withClass ? <Table.Td>{s.academic_year}</Table.Td> : null}
              {withActions ? (
                <Table.Td>
                  <RowActions
                      subject={`student ${s.name}`}
                      onEdit={onEdit ? () => onEdit(s) : undefined}
                      onDelete={onDelete ? () => onDelete(s) : undefined}
                    />
                </Table.Td>
              ) : null}
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}
