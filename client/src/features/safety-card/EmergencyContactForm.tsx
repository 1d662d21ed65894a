import { TextInput } from '@mantine/core';
import { schemaResolver } from '@mantine/form';
import { setEmergencyContactInput } from '../../../../common/schemas/guardians';
import { useT } from '../../lib/i18n';
import { notify } from '../../lib/notify';
import { trpc } from '../../lib/trpc';
import { ListEditor, listErrors } from './ListEditor';
import './messages';

interface Contact { name: string; phone: string }

const BLANK: Contact = { name: '', phone: '' };
const checkContact = schemaResolver(setEmergencyContactInput, { sync: true });

/** The one emergency contact, a list of at most one: saved with a name and a phone, or removed. */
export function EmergencyContactForm({ studentId, contact }: { studentId: string; contact: Contact | null }) {
  const t = useT();
  const utils = trpc.useUtils();
  const save = trpc.guardians.setEmergencyContact.useMutation();

  return (
    <ListEditor
      name="emergency"
      title={t('safety.emergency')}
      stored={contact ? [{ name: contact.name, phone: contact.phone }] : []}
      blank={BLANK}
      min={1}
      max={1}
      // The schema takes the contact itself (or null for none), not a list.
      check={([entry]) => listErrors(checkContact({ id: studentId, contact: entry }), 'contact', 0)}
      mutation={save}
      send={([entry], saved) => save.mutate({ id: studentId, contact: entry ?? null }, {
        onSuccess: ({ emergency_contact: kept }) => {
          notify({ color: 'green', message: t(kept ? 'safety.emergencySaved' : 'safety.emergencyRemoved') });
          saved(kept ? [{ name: kept.name, phone: kept.phone }] : []);
          void utils.guardians.safetyCard.invalidate({ id: studentId });
        },
      })}
      columns={2}
      labels={{ save: t('safety.saveEmergency'), clear: t('safety.removeEmergency') }}
    >
      {(field) => (
        <>
          <TextInput label={t('safety.name')} withAsterisk maxLength={100} autoComplete="off" {...field('name')} />
          <TextInput label={t('safety.phone')} withAsterisk type="tel" inputMode="tel" maxLength={30} autoComplete="off" {...field('phone')} />
        </>
      )}
    </ListEditor>
  );
}
