import { Button, Card, Group, SimpleGrid, Stack, TextInput, Title } from '@mantine/core';
import { schemaResolver, useForm } from '@mantine/form';
import { setEmergencyContactInput } from '../../../../common/schemas/guardians';
import { WRAPPING_BUTTON_STYLES } from '../../components/wrapping-button';
import { useT } from '../../lib/i18n';
import { notify } from '../../lib/notify';
import { trpc } from '../../lib/trpc';
import { SaveError, translatedProps } from './form-parts';
import './messages';

const checkContact = schemaResolver(setEmergencyContactInput, { sync: true });

/** The one emergency contact: saved with a name and a phone, or removed. */
export function EmergencyContactForm({ studentId, contact }: { studentId: string; contact: { name: string; phone: string } | null }) {
  const t = useT();
  const utils = trpc.useUtils();
  const save = trpc.guardians.setEmergencyContact.useMutation();
  const form = useForm({
    initialValues: { name: contact?.name ?? '', phone: contact?.phone ?? '' },
    // The schema's paths are contact.name and contact.phone; the form's are name and phone.
    validate: (values) => Object.fromEntries(Object.entries(checkContact({ id: studentId, contact: values }))
      .map(([path, message]) => [path.replace(/^contact\./, ''), message])),
    onValuesChange: () => {
      if (save.isError) save.reset();
    },
  });

  const send = (next: { name: string; phone: string } | null) => {
    save.mutate({ id: studentId, contact: next }, {
      onSuccess: (saved) => {
        notify({ color: 'green', message: t(saved.emergency_contact ? 'safety.emergencySaved' : 'safety.emergencyRemoved') });
        const values = { name: saved.emergency_contact?.name ?? '', phone: saved.emergency_contact?.phone ?? '' };
        form.setValues(values);
        form.resetDirty(values);
        void utils.guardians.safetyCard.invalidate({ id: studentId });
      },
    });
  };

  return (
    <Card withBorder padding="lg" component="section" aria-labelledby="emergency-form-heading">
      <form noValidate onSubmit={form.onSubmit((values) => send(values))} data-testid="emergency-form">
        <Stack gap="md">
          <Title order={2} size="h4" id="emergency-form-heading">{t('safety.emergency')}</Title>
          <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm">
            <TextInput label={t('safety.name')} withAsterisk maxLength={100} autoComplete="off" {...translatedProps(t, form.getInputProps('name'))} />
            <TextInput label={t('safety.phone')} withAsterisk type="tel" inputMode="tel" maxLength={30} autoComplete="off"
              {...translatedProps(t, form.getInputProps('phone'))} />
          </SimpleGrid>
          <SaveError error={save.error} />
          <Group gap="sm">
            <Button styles={WRAPPING_BUTTON_STYLES} type="submit" loading={save.isPending}>{t('safety.saveEmergency')}</Button>
            {contact || form.values.name || form.values.phone ? (
              <Button styles={WRAPPING_BUTTON_STYLES} variant="default" color="red" onClick={() => send(null)} disabled={save.isPending}>{t('safety.removeEmergency')}</Button>
            ) : null}
          </Group>
        </Stack>
      </form>
    </Card>
  );
}
