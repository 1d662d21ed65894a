import { Badge, Group, Table, Text } from '@mantine/core';
import { RowActions } from '../../components/RowActions';
import type { ManagedUser } from './roles';

interface TeachersTableProps {
  teachers: readonly ManagedUser[];
  /** Present for a super admin only (02 section 2.5: only they see the action column). */
  onEdit?: (user: ManagedUser) => void;
  onDelete?: (user: ManagedUser) => void;
}

const classText = (cls: { class_name: string; section: string }) => (cls.section ? `${cls.class_name} ${cls.section}` : cls.class_name);

/** The teacher list: name, email, phone, assigned classes (and Edit/Delete for a super admin). */
export function TeachersTable({ teachers, onEdit, onDelete }: TeachersTableProps) {
  const withActions = Boolean(onEdit || onDelete);
  return (
    <Table.ScrollContainer minWidth={withActions ? 760 : 680} type="native">
      <Table striped highlightOnHover verticalSpacing="sm" data-testid="teachers-table">
        <Table.Thead>
          <Table.Tr>
            <Table.Th>Name</Table.Th>
            <Table.Th>Email</Table.Th>
            <Table.Th>Phone</Table.Th>
            <Table.Th>Assigned Classes</Table.Th>
            {withActions ? <Table.Th ta="right">Actions</Table.Th> : null}
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {teachers.map((teacher) => (
            <Table.Tr key={teacher.id} data-testid="teacher-row">
              <Table.Td fw={500}>
                <Group gap={6} wrap="nowrap">
                  <span>{teacher.name}</span>
                  {teacher.is_active ? null : <Badge color="gray" variant="light" size="sm">Inactive</Badge>}
                </Group>
              </Table.Td>
              <Table.Td>{teacher.email}</Table.Td>
              <Table.Td>{teacher.phone || <Text span c="dimmed">—</Text>}</Table.Td>
              <Table.Td>
                {teacher.classes.length === 0 ? <Text span c="dimmed">None</Text> : (
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
                    subject={`teacher ${teacher.name}`}
                    onEdit={onEdit ? () => onEdit(teacher) : undefined}
                    onDelete={onDelete ? () => onDelete(teacher) : undefined}
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
