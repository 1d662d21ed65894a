import { useState, type FormEvent } from 'react';
import { Alert, Button, Card, Group, Select, SimpleGrid, Skeleton, Stack, TextInput, Title } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { IconAlertCircle } from '@tabler/icons-react';
import { CLASS_NAMES } from '../../../../common/school';
import { classCreateInput, SECTION_MAX_LENGTH } from '../../../../common/schemas/classes';
import { ErrorState } from '../../components/ErrorState';
import { serverMessage } from '../../lib/errors';
import { trpc } from '../../lib/trpc';
import { fieldErrors } from '../auth/validation';
import { classLabel, type ClassItem } from './class-label';
import { CLASS_TEXT } from './text';
import { useAcademicYears, yearOptions } from './useAcademicYears';

type Field = 'class_name' | 'section' | 'teacher_id' | 'academic_year';
type Errors = Partial<Record<Field, string>>;

/** The Select value standing for "no teacher" (Mantine options need a non-empty value). */
const UNASSIGNED = 'unassigned';

interface ClassFormProps {
  /** The class being edited, or null to add one. */
  editing: ClassItem | null;
  /** Called after a successful save, and on Cancel while editing. */
  onDone: () => void;
}

/**
 * Add or edit a class (01 sections 2 and 5, super_admin and principal): class name from the fixed
 * list, free-text section, teacher or Unassigned, academic year from the church's choices
 * (the current one by default). Validated with the server's own schema, so the messages match.
 */
export function ClassForm({ editing, onDone }: ClassFormProps) {
  const utils = trpc.useUtils();
  const years = useAcademicYears();
  const teachers = trpc.classes.availableTeachers.useQuery(undefined, { staleTime: 60_000 });

  const [className, setClassName] = useState<string | null>(editing?.class_name ?? null);
  const [section, setSection] = useState(editing?.section ?? '');
  const [teacherId, setTeacherId] = useState<string>(editing?.teacher_id ?? UNASSIGNED);
  // null while untouched: then the server's current academic year is the default.
  const [chosenYear, setChosenYear] = useState<string | null>(editing?.academic_year ?? null);
  const [errors, setErrors] = useState<Errors>({});
  const academicYear = chosenYear ?? years.data?.current ?? null;

  const onSaved = async (message: string) => {
    notifications.show({ color: 'green', message });
    await Promise.all([utils.classes.invalidate(), utils.students.invalidate(), utils.subscription.usage.invalidate()]);
    onDone();
  };
  const create = trpc.classes.create.useMutation({ onSuccess: () => onSaved(CLASS_TEXT.added) });
  const update = trpc.classes.update.useMutation({ onSuccess: () => onSaved(CLASS_TEXT.updated) });
  const saving = create.isPending || update.isPending;
  const saveError = create.error ?? update.error;

  const clearError = (field: Field) => {
    setErrors((current) => (current[field] ? { ...current, [field]: undefined } : current));
    create.reset();
    update.reset();
  };

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const parsed = classCreateInput.safeParse({
      class_name: className ?? '',
      section,
      teacher_id: teacherId === UNASSIGNED ? null : teacherId,
      academic_year: academicYear ?? '',
    });
    if (!parsed.success) {
      setErrors(fieldErrors<Field>(parsed.error));
      return;
    }
    setErrors({});
    if (editing) update.mutate({ id: editing.id, ...parsed.data });
    else create.mutate(parsed.data);
  };

  // A teacher no longer active (so not offered) stays visible on the class that still names them.
  const teacherOptions = [
    { value: UNASSIGNED, label: CLASS_TEXT.unassigned },
    ...(teachers.data ?? []).map((t) => ({ value: t.id, label: t.name })),
  ];
  if (editing?.teacher_id && !teacherOptions.some((o) => o.value === editing.teacher_id)) {
    teacherOptions.push({ value: editing.teacher_id, label: editing.teacher_name ?? editing.teacher_email ?? editing.teacher_id });
  }

  const title = editing ? `Edit Class ${classLabel(editing)}` : 'Add Class';

  return (
    <Card withBorder padding="lg" data-testid="class-form">
      <form onSubmit={submit} noValidate aria-label={title}>
        <Stack gap="md">
          <Title order={3} size="h4">{title}</Title>
          <SimpleGrid cols={{ base: 1, sm: 2, lg: 4 }} spacing="md">
            <Select
              label="Class Name"
              placeholder="Choose a class"
              withAsterisk
              data={[...CLASS_NAMES]}
              value={className}
              onChange={(value) => {
                setClassName(value);
                clearError('class_name');
              }}
              allowDeselect={false}
              error={errors.class_name}
              comboboxProps={{ withinPortal: true }}
            />
            <TextInput
              label="Section"
              placeholder="e.g. A"
              maxLength={SECTION_MAX_LENGTH}
              value={section}
              onChange={(event) => {
                setSection(event.currentTarget.value);
                clearError('section');
              }}
              error={errors.section}
            />
            {teachers.isPending ? (
              <Stack gap={6}>
                <Skeleton height={14} width="40%" />
                <Skeleton height={36} />
              </Stack>
            ) : (
              <Select
                label="Class Teacher"
                data={teacherOptions}
                value={teacherId}
                onChange={(value) => {
                  setTeacherId(value ?? UNASSIGNED);
                  clearError('teacher_id');
                }}
                allowDeselect={false}
                searchable
                nothingFoundMessage="No teacher of that name"
                error={errors.teacher_id}
              />
            )}
            {years.isPending ? (
              <Stack gap={6}>
                <Skeleton height={14} width="40%" />
                <Skeleton height={36} />
              </Stack>
            ) : (
              <Select
                label="Academic Year"
                withAsterisk
                data={yearOptions(years.data?.choices, editing?.academic_year, academicYear)}
                value={academicYear}
                onChange={(value) => {
                  setChosenYear(value);
                  clearError('academic_year');
                }}
                allowDeselect={false}
                error={errors.academic_year}
              />
            )}
          </SimpleGrid>

          {teachers.isError ? (
            <ErrorState
              title={CLASS_TEXT.teachersLoadFailed}
              message={serverMessage(teachers.error, CLASS_TEXT.unreachable)}
              onRetry={() => void teachers.refetch()}
              retrying={teachers.isFetching}
            />
          ) : null}
          {years.isError ? (
            <ErrorState
              title={CLASS_TEXT.academicYearsLoadFailed}
              message={serverMessage(years.error, CLASS_TEXT.unreachable)}
              onRetry={() => void years.refetch()}
              retrying={years.isFetching}
            />
          ) : null}
          {saveError ? (
            <Alert color="red" variant="light" icon={<IconAlertCircle size={18} />} role="alert">
              {serverMessage(saveError, CLASS_TEXT.saveFailed)}
            </Alert>
          ) : null}

          <Group gap="sm">
            <Button type="submit" loading={saving}>{editing ? 'Update Class' : 'Add Class'}</Button>
            {editing ? <Button variant="default" onClick={onDone} disabled={saving}>Cancel</Button> : null}
          </Group>
        </Stack>
      </form>
    </Card>
  );
}
