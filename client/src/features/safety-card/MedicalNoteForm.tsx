import { useState } from 'react';
import { Button, Card, Group, Loader, Stack, Text, Textarea, Title } from '@mantine/core';
import { schemaResolver, useForm } from '@mantine/form';
import { IconEye } from '@tabler/icons-react';
import { MEDICAL_NOTE_MAX, setMedicalNoteInput } from '../../../../common/schemas/guardians';
import { QueryErrorState } from '../../components/ErrorState';
import { WRAPPING_BUTTON_STYLES } from '../../components/wrapping-button';
import { useT } from '../../lib/i18n';
import { notify } from '../../lib/notify';
import { trpc } from '../../lib/trpc';
import { SaveError, translatedProps } from './form-parts';
import './messages';

const checkNote = schemaResolver(setMedicalNoteInput, { sync: true });

/**
 * The allergy or medical note. An existing note is read (and that read logged by the server) only
 * when the editor asks to edit it; a child without a note gets an empty field at once.
 */
export function MedicalNoteForm({ studentId, hasNote }: { studentId: string; hasNote: boolean }) {
  const t = useT();
  // Whether a note existed when the screen opened: saving one later must not read it back (a logged read).
  const [hadNote] = useState(hasNote);
  const [opened, setOpened] = useState(!hadNote);
  const note = trpc.guardians.medicalNote.useQuery({ id: studentId }, {
    enabled: opened && hadNote, staleTime: Infinity, gcTime: 0, refetchOnWindowFocus: false, refetchOnReconnect: false,
  });
  return (
    <Card withBorder padding="lg" component="section" aria-labelledby="note-form-heading">
      <Stack gap="md">
        <Title order={2} size="h4" id="note-form-heading">{t('safety.medicalNote')}</Title>
        {!opened ? (
          <Stack gap={4} align="flex-start">
            <Button styles={WRAPPING_BUTTON_STYLES} variant="light" color="red" leftSection={<IconEye size={18} aria-hidden />} onClick={() => setOpened(true)}>
              {t('safety.editNote')}
            </Button>
            <Text size="xs" c="dimmed">{t('safety.editNoteHint')}</Text>
          </Stack>
        ) : hadNote && note.isPending ? <Loader size="sm" aria-label={t('safety.loading')} /> : hasNote && note.isError ? (
          <QueryErrorState query={note} title={t('safety.noteLoadFailed')} fallback={t('safety.unreachable')} />
        ) : <NoteFields studentId={studentId} initial={note.data?.medical_note ?? ''} />}
      </Stack>
    </Card>
  );
}

function NoteFields({ studentId, initial }: { studentId: string; initial: string }) {
  const t = useT();
  const utils = trpc.useUtils();
  const save = trpc.guardians.setMedicalNote.useMutation();
  const form = useForm({
    initialValues: { note: initial },
    validate: (values) => checkNote({ id: studentId, ...values }),
    onValuesChange: () => {
      if (save.isError) save.reset();
    },
  });
  const submit = form.onSubmit((values) => {
    save.mutate({ id: studentId, note: values.note }, {
      onSuccess: (saved) => {
        notify({ color: 'green', message: t(saved.has_medical_note ? 'safety.noteSaved' : 'safety.noteRemoved') });
        form.resetDirty();
        void Promise.all([utils.guardians.safetyCard.invalidate({ id: studentId }), utils.students.byClass.invalidate()]);
      },
    });
  });
  return (
    <form noValidate onSubmit={submit} data-testid="note-form">
      <Stack gap="sm">
        <Textarea label={t('safety.noteLabel')} description={t('safety.noteHint')} autosize minRows={3} maxRows={8}
          maxLength={MEDICAL_NOTE_MAX} inputWrapperOrder={['label', 'input', 'description', 'error']} {...translatedProps(t, form.getInputProps('note'))} />
        <SaveError error={save.error} />
        <Group><Button styles={WRAPPING_BUTTON_STYLES} type="submit" loading={save.isPending}>{t('safety.saveNote')}</Button></Group>
      </Stack>
    </form>
  );
}
