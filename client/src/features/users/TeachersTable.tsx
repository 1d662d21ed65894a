import { Badge, Group, Table, Text } from '@mantine/core';
import { readablePhone } from '../../../../common/phone';
import { DataTable } from '../../components/DataTable';
import { RowActions } from '../../components/RowActions';
import { useT } from '../../lib/i18n';
import type { ManagedUser } from './roles';
import './messages';

interface TeachersTableProps {
  teachers: readonly ManagedUser[];
  /** Present for those who may edit and delete users: only they see the action column. */
  onEdit?: (user: ManagedUser) => void;
  onDelete?: (user: ManagedUser) => void;
}

const classText = (cls: { class_name: string; section: string }) => (cls.section ? `${cls.class_name} ${cls.section}` : cls.class_name);

/** The teacher list: name, email, phone, assigned classes (and Edit/Delete). */
export function TeachersTable({ teachers, onEdit, onDelete }: TeachersTableProps) {
  const t = useT();
  const withActions = Boolean(onEdit || onDelete);
  return (
    <DataTable
      items={teachers}
      testId="teachers-table"
      minWidth={withActions ? 760 : 680}
      hover
      columns={[
        t('users.name'), t('users.email'), t('users.phone'), t('users.assignedClasses'),
        ...(withActions ? [{ label: t('users.actions'), align: 'right' } as const] : []),
      ]}
      row={(teacher) => (
        <Table.Tr key={teacher.id} data-testid="teacher-row">
          <Table.Td fw={500}>
            <Group gap={6} wrap="nowrap">
              <span>{teacher.name}</span>
              {teacher.is_active ? null : <Badge color="gray" variant="light" size="sm">{t('users.inactive')}</Badge>}
            </Group>
          </Table.Td>
          <Table.Td>{teacher.email}</Table.Td>
          <Table.Td>{teacher.phone ? readablePhone(teacher.phone) : <Text span c="dimmed">—</Text>}</Table.Td>
          <Table.Td>
            {teacher.classes.length === 0 ? <Text span c="dimmed">{t('users.none')}</Text> : (
              <Group gap={4}>
                {teacher.classes.map((cls) => (
                  <Badge key={cls.id} variant="light" title={cls.academic_year}>{classText(cls)}</Badge>
                ))}
              </Group>
            )}
          </Table.Td>
          {withActions ? (
            <Table.Td>
              <RowActions
                subject={t('users.teacherSubject', { name: teacher.name })}
                onEdit={onEdit ? () => onEdit(teacher) : undefined}
                onDelete={onDelete ? () => onDelete(teacher) : undefined}
              />
            </Table.Td>
          ) : null}
        </Table.Tr>
      )}
    />
  );
}
