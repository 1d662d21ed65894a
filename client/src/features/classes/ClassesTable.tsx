import { Table, Text } from '@mantine/core';
import { DataTable } from '../../components/DataTable';
import { RowActions } from '../../components/RowActions';
import { classLabel, classTeacherName, type ClassItem, type ClassViewer } from '../../lib/class-label';
import { useT } from '../../lib/i18n';
import './messages';

interface ClassesTableProps {
  classes: readonly ClassItem[];
  viewer: ClassViewer;
  /** Present for those who may edit classes. */
  onEdit?: (cls: ClassItem) => void;
  /** Present for those who may delete classes. */
  onDelete?: (cls: ClassItem) => void;
}

/** The class list: class name, section, class teacher, academic year, students. */
export function ClassesTable({ classes, viewer, onEdit, onDelete }: ClassesTableProps) {
  const t = useT();
  const withActions = Boolean(onEdit || onDelete);
  return (
    <DataTable
      items={classes}
      testId="classes-table"
      minWidth={withActions ? 720 : 620}
      nowrap
      hover
      columns={[
        t('classes.className'), t('classes.section'), t('classes.teacher'), t('classes.academicYear'),
        { label: t('classes.students'), align: 'right' },
        ...(withActions ? [{ label: t('classes.actions'), align: 'right' } as const] : []),
      ]}
      row={(cls) => {
        const teacher = classTeacherName(cls, viewer, t('classes.unassigned'));
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
                  subject={t('classes.rowSubject', { label: classLabel(cls), year: cls.academic_year })}
                  onEdit={onEdit ? () => onEdit(cls) : undefined}
                  onDelete={onDelete ? () => onDelete(cls) : undefined}
                />
              </Table.Td>
            ) : null}
          </Table.Tr>
        );
      }}
    />
  );
}
