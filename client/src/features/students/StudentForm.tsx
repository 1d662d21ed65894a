import { FieldSkeleton } from '../../components/FieldSkeleton';
import { useState, type FormEvent } from 'react';
import type { z } from 'zod';
import { Alert, Button, Card, Group, Select, SimpleGrid, Stack, Text, TextInput, Title } from '@mantine/core';
import { DateInput, DatesProvider } from '@mantine/dates';
import '@mantine/dates/styles.css';
import { IconAlertCircle, IconCalendar } from '@tabler/icons-react';
import { MIN_DATE_OF_BIRTH } from '../../../../common/school';
import { STUDENT_MESSAGES, studentCreateInput } from '../../../../common/schemas/students';
import { QueryErrorState } from '../../components/ErrorState';
import { serverMessage } from '../../lib/errors';
import { localized, useT } from '../../lib/i18n';
import { useCalendarLocale } from '../../lib/calendar-locale';
import { trpc } from '../../lib/trpc';
import { useFormSave } from '../../lib/useFormSave';
import { fieldErrors } from '../../lib/field-errors';
import { classLabelWithYear } from '../../lib/class-label';
import { DATE_INPUT_FORMAT, parseTypedDate } from './dates';
import type { StudentItem } from './StudentsTable';
import './messages';

type Field = 'name' | 'parent_phone' | 'parent_email' | 'date_of_birth' | 'class_id';
type StudentCreateData = z.output<typeof studentCreateInput>;

interface StudentFormProps {
  /** The student being edited, or null to add one. */
  editing: StudentItem | null;
  /** The class a new student goes into unless another is chosen (the class filter's). */
  defaultClassId: string | null;
  /** The church's today (YYYY-MM-DD, in its time zone): the latest date of birth that can be picked. */
  today: string;
  /** Called after a successful save, and on Cancel while editing. */
  onDone: () => void;
}

/**
 * Add or edit a student: name, parent phone, parent email (optional), date of
 * birth (not in the future) and class. The roll number and academic year are the server's.
 * Validated with the server's own schema, so the messages match.
 */
export function StudentForm({ editing, defaultClassId, today, onDone }: StudentFormProps) {
  const t = useT();
  const calendarLocale = useCalendarLocale();
  // The classes the user may put students in (a teacher: own classes), of every academic year.
  const classes = trpc.students.availableClasses.useQuery(undefined);

  const [name, setName] = useState(editing?.name ?? '');
  const [parentPhone, setParentPhone] = useState(editing?.parent_phone ?? '');
  const [parentEmail, setParentEmail] = useState(editing?.parent_email ?? '');
  const [dateOfBirth, setDateOfBirth] = useState<string | null>(editing?.date_of_birth ?? null);
  // undefined while untouched: a new student then goes into the class chosen in the filters.
  const [chosenClassId, setClassId] = useState<string | null | undefined>(editing?.class_id);
  const classId = chosenClassId === undefined ? defaultClassId : chosenClassId;

  const { errors, setErrors, clearError, save, saving, saveError } = useFormSave<Field, StudentCreateData>({
    create: trpc.students.create.useMutation(),
    update: trpc.students.update.useMutation(),
    texts: { added: t('students.added'), updated: t('students.updated') },
    onDone,
  });

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const parsed = studentCreateInput.safeParse({
      name,
      parent_phone: parentPhone,
      parent_email: parentEmail,
      date_of_birth: dateOfBirth ?? '',
      class_id: classId ?? '',
    });
    const found: Partial<Record<Field, string>> = parsed.success ? {} : fieldErrors<Field>(parsed.error);
    // A hint on the browser's clock in the church's time zone; the server decides on its own today.
    if (!found.date_of_birth && dateOfBirth && dateOfBirth > today) found.date_of_birth = STUDENT_MESSAGES.dateOfBirthFuture;
    if (!parsed.success || Object.keys(found).length > 0) {
      setErrors(found);
      return;
    }
    save(editing?.id, parsed.data);
  };

  const classOptions = (classes.data ?? []).map((c) => ({ value: c.id, label: classLabelWithYear(c) }));
  if (editing && !classOptions.some((o) => o.value === editing.class_id)) {
    classOptions.push({
      value: editing.class_id,
      label: classLabelWithYear({ class_name: editing.class_name, section: editing.class_section, academic_year: editing.academic_year }),
    });
  }
  const movingClass = editing !== null && classId !== null && classId !== editing.class_id;
  const title = editing ? t('students.editTitle', { name: editing.name }) : t('students.addTitle');

  return (
    <Card withBorder padding="lg" data-testid="student-form">
      <form onSubmit={submit} noValidate aria-label={title}>
        <Stack gap="md">
          <Title order={2} size="h4">{title}</Title>
          <SimpleGrid cols={{ base: 1, sm: 2, lg: 3 }} spacing="md">
            <TextInput
              label={t('students.name')}
              withAsterisk
              maxLength={100}
              autoComplete="off"
              value={name}
              onChange={(event) => {
                setName(event.currentTarget.value);
                clearError('name');
              }}
              error={localized(t, errors.name)}
            />
            <TextInput
              label={t('students.parentPhone')}
              withAsterisk
              type="tel"
              inputMode="tel"
              maxLength={30}
              autoComplete="off"
              placeholder="+91 98765 43210"
              value={parentPhone}
              onChange={(event) => {
                setParentPhone(event.currentTarget.value);
                clearError('parent_phone');
              }}
              error={localized(t, errors.parent_phone)}
            />
            <TextInput
              label={t('students.parentEmail')}
              description={t('students.optional')}
              type="email"
              maxLength={254}
              autoComplete="off"
              value={parentEmail}
              onChange={(event) => {
                setParentEmail(event.currentTarget.value);
                clearError('parent_email');
              }}
              error={localized(t, errors.parent_email)}
              inputWrapperOrder={['label', 'input', 'description', 'error']}
            />
            {/* The calendar's month and weekday names in the page's language; the typed date is digits. */}
            <DatesProvider settings={{ locale: calendarLocale }}>
              <DateInput
                label={t('students.dateOfBirth')}
                withAsterisk
                placeholder={DATE_INPUT_FORMAT}
                valueFormat={DATE_INPUT_FORMAT}
                dateParser={parseTypedDate}
                value={dateOfBirth}
                onChange={(value) => {
                  setDateOfBirth(value);
                  clearError('date_of_birth');
                }}
                minDate={MIN_DATE_OF_BIRTH}
                maxDate={today}
                defaultLevel={dateOfBirth ? 'month' : 'decade'}
                leftSection={<IconCalendar size={16} />}
                error={localized(t, errors.date_of_birth)}
              />
            </DatesProvider>
            {classes.isPending ? <FieldSkeleton /> : (
              <Select
                label={t('students.class')}
                withAsterisk
                placeholder={t('students.chooseClass')}
                data={classOptions}
                value={classId}
                onChange={(value) => {
                  setClassId(value);
                  clearError('class_id');
                }}
                allowDeselect={false}
                searchable
                nothingFoundMessage={t('students.noClassFound')}
                description={classes.data && classes.data.length === 0 ? t('students.noClassesToChoose') : undefined}
                inputWrapperOrder={['label', 'input', 'description', 'error']}
                error={localized(t, errors.class_id)}
              />
            )}
          </SimpleGrid>

          {movingClass ? <Text size="sm" c="dimmed">{t('students.moveHint')}</Text> : null}
          {classes.isError ? <QueryErrorState query={classes} title={t('students.classesLoadFailed')} fallback={t('students.unreachable')} /> : null}
          {saveError ? (
            <Alert color="red" variant="light" icon={<IconAlertCircle size={18} />} role="alert">
              {t('students.saveFailed', { detail: localized(t, serverMessage(saveError, t('students.unreachable'))) })}
            </Alert>
          ) : null}

          <Group gap="sm">
            <Button type="submit" loading={saving}>{editing ? t('students.update') : t('students.add')}</Button>
            {editing ? <Button variant="default" onClick={onDone} disabled={saving}>{t('common.cancel')}</Button> : null}
          </Group>
        </Stack>
      </form>
    </Card>
  );
}
