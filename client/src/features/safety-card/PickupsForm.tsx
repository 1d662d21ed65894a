import { NativeSelect, TextInput } from '@mantine/core';
import { schemaResolver } from '@mantine/form';
import { MAX_PICKUPS, RELATIONS, replacePickupsInput } from '../../../../common/schemas/guardians';
import { useT } from '../../lib/i18n';
import { notify } from '../../lib/notify';
import { trpc, type RouterOutputs } from '../../lib/trpc';
import { useRelationOptions } from './form-parts';
import { ListEditor, listErrors } from './ListEditor';
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

  return (
    <ListEditor
      name="pickups"
      title={t('safety.pickups')}
      stored={pickups.map(toValues)}
      blank={BLANK}
      min={0}
      max={MAX_PICKUPS}
      check={(entries) => listErrors(checkPickups({ id: studentId, pickups: entries }), 'pickups')}
      mutation={save}
      send={(entries, saved) => save.mutate({ id: studentId, pickups: entries }, {
        onSuccess: (stored) => {
          notify({ color: 'green', message: t('safety.pickupsSaved') });
          saved(stored.map(toValues));
          void Promise.all([utils.guardians.pickups.invalidate({ id: studentId }), utils.guardians.safetyCard.invalidate({ id: studentId })]);
        },
      })}
      columns={3}
      entryTitle={(index) => t('safety.pickupNumber', { number: index + 1 })}
      labels={{ save: t('safety.savePickups'), add: t('safety.addPickup'), empty: t('safety.noPickups') }}
    >
      {(field) => (
        <>
          <TextInput label={t('safety.name')} withAsterisk maxLength={100} autoComplete="off" {...field('name')} />
          <NativeSelect label={t('safety.relationLabel')} data={relations} {...field('relation')} />
          <TextInput label={t('safety.phone')} withAsterisk type="tel" inputMode="tel" maxLength={30} autoComplete="off" {...field('phone')} />
        </>
      )}
    </ListEditor>
  );
}
