import { Table, Text } from '@mantine/core';
import { RowActions } from '../../components/RowActions';
import { classLabel, classTeacherName, type ClassItem } from './class-label';
import { CLASS_TEXT } from './text';

interface ClassesTableProps {
  classes: readonly ClassItem[];
  viewer: { role: string; name: string };
  /** Present for those who may edit classes (super_admin, principal). */
  onEdit?: (cls: ClassItem) => void;
  /** Present for those who may delete classes (super_admin only). */
  onDelete?: (cls: ClassItem) => void;
}

/** The class list of 01 section 2: class name, section, class teacher, academic year, students. */
export function ClassesTable({ classes, viewer, onEdit, onDelete }: ClassesTableProps) {
  const withActions = Boolean(onEdit || onDelete);
  return (
    // The table keeps its columns and scrolls sideways inside its container on a narrow screen.
    <Table.ScrollContainer minWidth={withActions ? 720 : 620} type="native">
      <Table striped highlightOnHover verticalSpacing="sm" style={{ whiteSpace: 'nowrap' }} data-testid="classes-table">
        <Table.Thead>
          <Table.Tr>
            <Table.Th>Class Name</Table.Th>
            <Table.Th>Section</Table.Th>
            <Table.Th>Class Teacher</Table.Th>
            <Table.Th>Academic Year</Table.Th>
            <Table.Th ta="right">Students</Table.Th>
            {withActions ? <Table.Th ta="right">Actions</Table.Th> : null}
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {classes.map((cls) => {
            const teacher = classTeacherName(cls, viewer, CLASS_TEXT.unassigned);
            return (
              <Table.Tr key={cls.id} data-testid="class-row">
                <Table.Td fw={500}>{cls.class_name}</Table.Td>
                <Table.Td>{cls.section || <Text span c="dimmed">—</Text>}</Table.Td>
                <Table.Td>
                  {cls.teacher_name || viewer.role === 'teacher' ? teacher : <Text span c="dimmed">{teacher}</Text>}
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
          })}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}
