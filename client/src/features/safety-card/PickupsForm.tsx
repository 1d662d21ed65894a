import { Button, Card, Divider, Group, NativeSelect, SimpleGrid, Stack, Text, TextInput, Title } from '@mantine/core';
import { schemaResolver, useForm } from '@mantine/form';
import { IconPlus } from '@tabler/icons-react';
import { MAX_PICKUPS, RELATIONS, replacePickupsInput } from '../../../../common/schemas/guardians';
import { WRAPPING_BUTTON_STYLES } from '../../components/wrapping-button';
import { useT } from '../../lib/i18n';
import { notify } from '../../lib/notify';
import { trpc, type RouterOutputs } from '../../lib/trpc';
import { EntryHeading, SaveError, translatedProps, useRelationOptions } from './form-parts';
import './messages';

type Pickup = RouterOutputs['guardians']['pickups'][number];
interface PickupValues { name: string; relation: (typeof RELATIONS)[number]; phone: string }

const toValues = ({ name, relation, phone }: Pickup): PickupValues => ({ name, relation: RELATIONS.find((r) => r === relation) ?? 'other', phone });
const BLANK: PickupValues = { name: '', relation: 'relative', phone: '' };
const checkPickups = schemaResolver(replacePickupsInput, { sync: true });

/** The people authorised to collect the child: the whole list at once, as the API takes it (0 to 6). */
export function PickupsForm({ studentId, pickups }: { studentId: string; pickups: readonly Pickup[] }) {
  const t = useT();
  const utils = trpc.useUtils();
  const relations = useRelationOptions();
  const save = trpc.guardians.replacePickups.useMutation();
  const form = useForm({
    initialValues: { pickups: pickups.map(toValues) },
    validate: (values) => checkPickups({ id: studentId, pickups: values.pickups }),
    onValuesChange: () => {
      if (save.isError) save.reset();
    },
  });

  const submit = form.onSubmit((values) => {
    save.mutate({ id: studentId, pickups: values.pickups }, {
      onSuccess: (saved) => {
        notify({ color: 'green', message: t('safety.pickupsSaved') });
        form.setValues({ pickups: saved.map(toValues) });
        form.resetDirty({ pickups: saved.map(toValues) });
        void Promise.all([utils.guardians.pickups.invalidate({ id: studentId }), utils.guardians.safetyCard.invalidate({ id: studentId })]);
      },
    });
  });
  const field = (index: number, name: keyof PickupValues) => translatedProps(t, form.getInputProps(`pickups.${index}.${name}`));

  return (
    <Card withBorder padding="lg" component="section" aria-labelledby="pickups-form-heading">
      <form noValidate onSubmit={submit} data-testid="pickups-form">
        <Stack gap="md">
          <Title order={2} size="h4" id="pickups-form-heading">{t('safety.pickups')}</Title>
          {form.values.pickups.length === 0 ? <Text c="dimmed">{t('safety.noPickups')}</Text> : null}
          {form.values.pickups.map((_, index) => {
            const title = t('safety.pickupNumber', { number: index + 1 });
            return (
              <Stack key={index} gap="sm" component="fieldset" aria-label={title} m={0} p={0} style={{ border: 0 }}>
                {index > 0 ? <Divider /> : null}
                <EntryHeading title={title} onRemove={() => form.removeListItem('pickups', index)} />
                <SimpleGrid cols={{ base: 1, sm: 3 }} spacing="sm">
                  <TextInput label={t('safety.name')} withAsterisk maxLength={100} autoComplete="off" {...field(index, 'name')} />
                  <NativeSelect label={t('safety.relationLabel')} data={relations} {...field(index, 'relation')} />
                  <TextInput label={t('safety.phone')} withAsterisk type="tel" inputMode="tel" maxLength={30} autoComplete="off" {...field(index, 'phone')} />
                </SimpleGrid>
              </Stack>
            );
          })}
          <SaveError error={save.error} />
          <Group gap="sm">
            <Button styles={WRAPPING_BUTTON_STYLES} type="submit" loading={save.isPending}>{t('safety.savePickups')}</Button>
            {form.values.pickups.length < MAX_PICKUPS ? (
              <Button styles={WRAPPING_BUTTON_STYLES} variant="default" leftSection={<IconPlus size={16} aria-hidden />} onClick={() => form.insertListItem('pickups', { ...BLANK })}>
                {t('safety.addPickup')}
              </Button>
            ) : null}
          </Group>
        </Stack>
      </form>
    </Card>
  );
}
