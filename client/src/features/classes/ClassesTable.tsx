import { Table, Text } from '@mantine/core';
import type { TableLayout } from '../../components/PagedTable';
import { RowActions } from '../../components/RowActions';
import { classLabel, classTeacherName, type ClassItem, type ClassViewer } from '../../lib/class-label';
import { CLASS_TEXT } from './text';

interface ClassesTableOptions {
  viewer: ClassViewer;
  /** Present for those who may edit classes. */
  onEdit?: (cls: ClassItem) => void;
  /** Present for those who may delete classes. */
  onDelete?: (cls: ClassItem) => void;
}

/** The class list as a PagedTable shows it: class name, section, class teacher, academic year, students. */
export function classesTable({ viewer, onEdit, onDelete }: ClassesTableOptions): TableLayout<ClassItem> {
  const withActions = Boolean(onEdit || onDelete);
  return {
    testId: 'classes-table',
    minWidth: withActions ? 720 : 620,
    nowrap: true,
    hover: true,
    columns: [
      'Class Name', 'Section', 'Class Teacher', 'Academic Year', { label: 'Students', align: 'right' },
      ...(withActions ? [{ label: 'Actions', align: 'right' } as const] : []),
    ],
    row: (cls) => {
      const teacher = classTeacherName(cls, viewer, CLASS_TEXT.unassigned);
      return (
        <Table.Tr key={cls.id} data-testid="class-row">
          <Table.Td fw={500}>{cls.class_name}</Table.Td>
          <Table.Td>{cls.section || <Text span c="dimmed">—</Text>}</Table.Td>
          <Table.Td>
            {cls.teacher_name || !viewer.seesAllClasses ? teacher : <Text span c="dimmed">{teacher}</Text>}
          </Table.Td>
          <Table.Td>{cls.academic_year}</Table.Td>
          <Table.Td ta="right">{cls.student_count}</Table.Td>
          {withActions ? (
            <Table.Td>
              <RowActions
                subject={`class ${classLabel(cls)} (${cls.academic_year})`}
                onEdit={onEdit ? () => onEdit(cls) : undefined}
                onDelete={onDelete ? () => onDelete(cls) : undefined}
              />
            </Table.Td>
          ) : null}
        </Table.Tr>
      );
    },
  };
}
