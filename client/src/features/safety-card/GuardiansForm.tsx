import { Checkbox, NativeSelect, TextInput } from '@mantine/core';
import { schemaResolver } from '@mantine/form';
import { LOCALES, LOCALE_NAMES, isLocale } from '../../../../common/i18n/locales';
import { MAX_GUARDIANS, RELATIONS, WHATSAPP_CHOICES, replaceGuardiansInput } from '../../../../common/schemas/guardians';
import { useT } from '../../lib/i18n';
import { notify } from '../../lib/notify';
import { trpc, type RouterOutputs } from '../../lib/trpc';
import { useRelationOptions } from './form-parts';
import { ListEditor, listErrors } from './ListEditor';
import './messages';

type Guardian = RouterOutputs['guardians']['guardians'][number];
type Relation = (typeof RELATIONS)[number];
type WhatsappChoice = (typeof WHATSAPP_CHOICES)[number];

interface GuardianValues {
  /** The stored guardian this entry edits (its id, and its consent links, stay); none for a new one. */
  id?: string;
  name: string;
  relation: Relation;
  phone: string;
  phone2: string;
  whatsapp: WhatsappChoice;
  email: string;
  /** '' when none is chosen. */
  language: string;
  contact_consent: boolean;
}

/** A stored value as one of the form's choices (the database keeps them as text, checked by the API). */
const choiceOf = <T extends string>(choices: readonly T[], value: string, otherwise: T) => choices.find((c) => c === value) ?? otherwise;

const toValues = (g: Guardian): GuardianValues => ({
  id: g.id, name: g.name, relation: choiceOf(RELATIONS, g.relation, 'other'), phone: g.phone, phone2: g.phone2 ?? '',
  whatsapp: choiceOf(WHATSAPP_CHOICES, g.whatsapp, 'none'), email: g.email ?? '',
  language: g.language ?? '', contact_consent: g.contact_consent,
});
const BLANK: GuardianValues = {
  name: '', relation: 'parent', phone: '', phone2: '', whatsapp: 'none', email: '', language: '', contact_consent: false,
};
const toInput = (g: GuardianValues) => ({ ...g, language: isLocale(g.language) ? g.language : null });

const checkGuardians = schemaResolver(replaceGuardiansInput, { sync: true });

/**
 * The guardians, edited as the API takes them: the whole list at once (1 to 4, in order; the first
 * is the primary one). Checked with the server's own schema, so its messages show at the field
 * (a phone that cannot be a phone); anything the server still refuses shows above Save.
 */
export function GuardiansForm({ studentId, guardians }: { studentId: string; guardians: readonly Guardian[] }) {
  const t = useT();
  const utils = trpc.useUtils();
  const relations = useRelationOptions();
  const save = trpc.guardians.replaceGuardians.useMutation();
  const whatsappOptions = WHATSAPP_CHOICES.map((choice) => ({ value: choice, label: t('safety.whatsappChoice', { choice }) }));
  const languageOptions = [{ value: '', label: t('safety.noLanguage') }, ...LOCALES.map((l) => ({ value: l, label: LOCALE_NAMES[l] }))];

  return (
    <ListEditor
      name="guardians"
      title={t('safety.guardians')}
      stored={guardians.map(toValues)}
      blank={BLANK}
      min={1}
      max={MAX_GUARDIANS}
      check={(entries) => listErrors(checkGuardians({ id: studentId, guardians: entries.map(toInput) }), 'guardians')}
      mutation={save}
      send={(entries, saved) => save.mutate({ id: studentId, guardians: entries.map(toInput) }, {
        onSuccess: (stored) => {
          notify({ color: 'green', message: t('safety.guardiansSaved') });
          // The server's form of each entry (phones in E.164) becomes the form's.
          saved(stored.map(toValues));
          // Not every guardians query: a medical note shown beside would be read (and logged) again.
          void Promise.all([
            utils.guardians.guardians.invalidate({ id: studentId }), utils.guardians.safetyCard.invalidate({ id: studentId }), utils.students.invalidate(),
            // A removed guardian's consent links stop.
            utils.consent.openLinks.invalidate({ id: studentId }),
          ]);
        },
      })}
      columns={2}
      entryTitle={(index) => t('safety.guardianNumber', { number: index + 1 })}
      entryTestId="guardian-fields"
      labels={{ save: t('safety.saveGuardians'), add: t('safety.addGuardian') }}
    >
      {(field) => (
        <>
          <TextInput label={t('safety.name')} withAsterisk maxLength={100} autoComplete="off" {...field('name')} />
          <NativeSelect label={t('safety.relationLabel')} data={relations} {...field('relation')} />
          <TextInput label={t('safety.phone')} withAsterisk type="tel" inputMode="tel" maxLength={30} autoComplete="off"
            description={t('safety.phoneHint')} inputWrapperOrder={['label', 'input', 'description', 'error']} {...field('phone')} />
          <TextInput label={t('safety.phone2')} description={t('safety.optional')} type="tel" inputMode="tel" maxLength={30}
            autoComplete="off" inputWrapperOrder={['label', 'input', 'description', 'error']} {...field('phone2')} />
          <NativeSelect label={t('safety.whatsappOn')} data={whatsappOptions} {...field('whatsapp')} />
          <TextInput label={t('safety.email')} description={t('safety.optional')} type="email" maxLength={254} autoComplete="off"
            inputWrapperOrder={['label', 'input', 'description', 'error']} {...field('email')} />
          <NativeSelect label={t('safety.language')} data={languageOptions} {...field('language')} />
          <Checkbox label={t('safety.consent')} mt={{ sm: 'xl' }} {...field('contact_consent', { type: 'checkbox' })} />
        </>
      )}
    </ListEditor>
  );
}
