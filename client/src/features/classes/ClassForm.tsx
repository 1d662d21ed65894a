import { FieldSkeleton } from '../../components/FieldSkeleton';
import { useState, type FormEvent } from 'react';
import type { z } from 'zod';
import { Alert, Button, Card, Group, Select, SimpleGrid, Stack, TextInput, Title } from '@mantine/core';
import { IconAlertCircle } from '@tabler/icons-react';
import { classCreateInput, SECTION_MAX_LENGTH } from '../../../../common/schemas/classes';
import { QueryErrorState } from '../../components/ErrorState';
import { serverMessage } from '../../lib/errors';
import { localized, useT } from '../../lib/i18n';
import { trpc } from '../../lib/trpc';
import { useFormSave } from '../../lib/useFormSave';
import { fieldErrors } from '../../lib/field-errors';
import { classLabel, type ClassItem } from '../../lib/class-label';
import { useAcademicYears, yearOptions } from './useAcademicYears';
import './messages';

type Field = 'class_name' | 'section' | 'teacher_id' | 'academic_year';
type ClassCreateData = z.output<typeof classCreateInput>;

/** The Select value standing for "no teacher" (Mantine options need a non-empty value). */
const UNASSIGNED = 'unassigned';

interface ClassFormProps {
  /** The class being edited, or null to add one. */
  editing: ClassItem | null;
  /** Called after a successful save, and on Cancel while editing. */
  onDone: () => void;
}

/**
 * Add or edit a class (for those who manage classes): class name from the church's class list (in
 * its order; a class edited keeps a name no longer listed), free-text section, teacher or Unassigned, academic year from the church's choices
 * (the current one by default). Validated with the server's own schema, so the messages match.
 */
export function ClassForm({ editing, onDone }: ClassFormProps) {
  const t = useT();
  const years = useAcademicYears();
  const teachers = trpc.classes.availableTeachers.useQuery(undefined, { staleTime: 60_000 });
  const names = trpc.classes.names.useQuery(undefined, { staleTime: 60_000 });

  const [className, setClassName] = useState<string | null>(editing?.class_name ?? null);
  const [section, setSection] = useState(editing?.section ?? '');
  const [teacherId, setTeacherId] = useState<string>(editing?.teacher_id ?? UNASSIGNED);
  // null while untouched: then the server's current academic year is the default.
  const [chosenYear, setChosenYear] = useState<string | null>(editing?.academic_year ?? null);
  const academicYear = chosenYear ?? years.data?.current ?? null;

  const { errors, setErrors, clearError, save, saving, saveError } = useFormSave<Field, ClassCreateData>({
    create: trpc.classes.create.useMutation(),
    update: trpc.classes.update.useMutation(),
    texts: { added: t('classes.added'), updated: t('classes.updated') },
    onDone,
  });

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
    save(editing?.id, parsed.data);
  };

  // In the page's language: a class that exists is said from the refusal's reason and values (lib/errors.ts).
  const saveFailure = (error: unknown) => localized(t, serverMessage(error, t('classes.saveFailed')));

  // A teacher no longer active (so not offered) stays visible on the class that still names them.
  const teacherOptions = [
    { value: UNASSIGNED, label: t('classes.unassigned') },
    ...(teachers.data ?? []).map((teacher) => ({ value: teacher.id, label: teacher.name })),
  ];
  if (editing?.teacher_id && !teacherOptions.some((o) => o.value === editing.teacher_id)) {
    teacherOptions.push({ value: editing.teacher_id, label: editing.teacher_name ?? editing.teacher_email ?? editing.teacher_id });
  }

  const classNameOptions = [...(names.data?.class_names ?? [])];
  if (editing && !classNameOptions.includes(editing.class_name)) classNameOptions.push(editing.class_name);

  const title = editing ? t('classes.editTitle', { label: classLabel(editing) }) : t('classes.addTitle');

  return (
    <Card withBorder padding="lg" data-testid="class-form">
      <form onSubmit={submit} noValidate aria-label={title}>
        <Stack gap="md">
          <Title order={2} size="h4">{title}</Title>
          <SimpleGrid cols={{ base: 1, sm: 2, lg: 4 }} spacing="md">
            {names.isPending ? <FieldSkeleton /> : (
              <Select
                label={t('classes.className')}
                placeholder={t('classes.chooseClass')}
                withAsterisk
                data={classNameOptions}
                value={className}
                onChange={(value) => {
                  setClassName(value);
                  clearError('class_name');
                }}
                allowDeselect={false}
                error={localized(t, errors.class_name)}
                comboboxProps={{ withinPortal: true }}
              />
            )}
            <TextInput
              label={t('classes.section')}
              placeholder={t('classes.sectionPlaceholder')}
              maxLength={SECTION_MAX_LENGTH}
              value={section}
              onChange={(event) => {
                setSection(event.currentTarget.value);
                clearError('section');
              }}
              error={localized(t, errors.section)}
            />
            {teachers.isPending ? <FieldSkeleton /> : (
              <Select
                label={t('classes.teacher')}
                data={teacherOptions}
                value={teacherId}
                onChange={(value) => {
                  setTeacherId(value ?? UNASSIGNED);
                  clearError('teacher_id');
                }}
                allowDeselect={false}
                searchable
                nothingFoundMessage={t('classes.noTeacherFound')}
                error={localized(t, errors.teacher_id)}
              />
            )}
            {years.isPending ? <FieldSkeleton /> : (
              <Select
                label={t('classes.academicYear')}
                withAsterisk
                data={yearOptions(years.data?.choices, editing?.academic_year, academicYear)}
                value={academicYear}
                onChange={(value) => {
                  setChosenYear(value);
                  clearError('academic_year');
                }}
                allowDeselect={false}
                error={localized(t, errors.academic_year)}
              />
            )}
          </SimpleGrid>

          {names.isError ? <QueryErrorState query={names} title={t('classes.namesLoadFailed')} fallback={t('classes.unreachable')} /> : null}
          {teachers.isError ? <QueryErrorState query={teachers} title={t('classes.teachersLoadFailed')} fallback={t('classes.unreachable')} /> : null}
          {years.isError ? <QueryErrorState query={years} title={t('classes.academicYearsLoadFailed')} fallback={t('classes.unreachable')} /> : null}
          {saveError ? (
            <Alert color="red" variant="light" icon={<IconAlertCircle size={18} />} role="alert">
              {saveFailure(saveError)}
            </Alert>
          ) : null}

          <Group gap="sm">
            <Button type="submit" loading={saving}>{editing ? t('classes.update') : t('classes.add')}</Button>
            {editing ? <Button variant="default" onClick={onDone} disabled={saving}>{t('common.cancel')}</Button> : null}
          </Group>
        </Stack>
      </form>
    </Card>
  );
}
