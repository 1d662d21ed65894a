import { useId } from 'react';
import { Alert, Button, Group, Input, Modal, PasswordInput, SimpleGrid, Stack, Text, TextInput, Title } from '@mantine/core';
import { useForm } from '@mantine/form';
import { IconAlertCircle } from '@tabler/icons-react';
import { ASSOCIATION_KINDS } from '../../../../../common/associations';
import { LOCALES, type Locale } from '../../../../../common/i18n/locales';
import { adminAssociationCreateInput } from '../../../../../common/schemas/admin-associations';
import { reasonOf, serverMessage } from '../../../lib/errors';
import { notify } from '../../../lib/notify';
import { trpc, type RouterOutputs } from '../../../lib/trpc';
import { failureText } from '../shared/console-errors';
import { ConsoleSelect } from '../shared/ConsoleSelect';
import { ASSOCIATIONS_TEXTS as T, KIND_LABELS, LANGUAGE_LABELS } from './texts';

type Created = RouterOutputs['admin']['associations']['create']['association'];

interface FormValues {
  name: string;
  code: string;
  kind: string;
  mainLanguage: Locale;
  otherLanguages: Locale[];
  adminName: string;
  adminEmail: string;
  adminPassword: string;
}

const KIND_OPTIONS = ASSOCIATION_KINDS.map((kind) => ({ value: kind, label: KIND_LABELS[kind] }));
const LANGUAGE_OPTIONS = LOCALES.map((code) => ({ value: code, label: LANGUAGE_LABELS[code] }));

/** The form as the server's input: the main language first, then the others in the usual order. */
const inputOf = (values: FormValues) => ({
  name: values.name,
  code: values.code,
  kind: values.kind,
  languages: [values.mainLanguage, ...LOCALES.filter((code) => code !== values.mainLanguage && values.otherLanguages.includes(code))],
  admin: { name: values.adminName, email: values.adminEmail, password: values.adminPassword },
});

/** Where the server's schema puts an issue, as this form's field. */
const FIELD_OF_PATH: Record<string, keyof FormValues> = {
  name: 'name', code: 'code', kind: 'kind', languages: 'otherLanguages',
  'admin.name': 'adminName', 'admin.email': 'adminEmail', 'admin.password': 'adminPassword', admin: 'adminName',
};

function validate(values: FormValues) {
  const result = adminAssociationCreateInput.safeParse(inputOf(values));
  if (result.success) return {};
  const errors: Partial<Record<keyof FormValues, string>> = {};
  for (const issue of result.error.issues) {
    const field = FIELD_OF_PATH[issue.path.join('.')] ?? FIELD_OF_PATH[String(issue.path[0])] ?? 'name';
    errors[field] ??= issue.message;
  }
  return errors;
}

/** The other languages: the browser's own checkboxes in Mantine's input frame (as ConsoleSelect). */
function OtherLanguages({ main, value, onChange, error }: { main: Locale; value: Locale[]; onChange: (next: Locale[]) => void; error?: string }) {
  const id = useId();
  return (
    <Input.Wrapper label={T.otherLanguages} error={error} labelElement="div" labelProps={{ id }}>
      <Group gap="md" mt={4} role="group" aria-labelledby={id}>
        {LANGUAGE_OPTIONS.filter((option) => option.value !== main).map((option) => (
          <label key={option.value} style={{ display: 'inline-flex', alignItems: 'center', gap: 6, fontSize: 'var(--mantine-font-size-sm)' }}>
            <input
              type="checkbox"
              checked={value.includes(option.value)}
              onChange={(event) => onChange(event.currentTarget.checked ? [...value, option.value] : value.filter((code) => code !== option.value))}
            />
            {option.label}
          </label>
        ))}
      </Group>
    </Input.Wrapper>
  );
}

function CreateAssociationForm({ onClose, onCreated }: { onClose: () => void; onCreated: (association: Created) => void }) {
  const form = useForm<FormValues>({
    initialValues: {
      name: '', code: '', kind: 'diocese', mainLanguage: 'en', otherLanguages: [], adminName: '', adminEmail: '', adminPassword: '',
    },
    validate,
    onValuesChange: () => {
      if (create.isError) create.reset();
    },
  });
  const create = trpc.admin.associations.create.useMutation({
    onSuccess: (result) => {
      notify({ color: 'green', message: T.created(result.association.name, result.association.code) });
      onCreated(result.association);
      onClose();
    },
    onError: (error) => {
      // A code someone holds: said under the code too.
      if (reasonOf(error) === 'code_taken') form.setFieldError('code', serverMessage(error, T.createFailedGeneric));
    },
  });

  return (
    <form
      noValidate
      aria-label={T.formTitle}
      onSubmit={form.onSubmit((values) => {
        const parsed = adminAssociationCreateInput.safeParse(inputOf(values));
        if (parsed.success) create.mutate(parsed.data);
      })}
    >
      <Stack gap="md">
        <TextInput label={T.name} required maxLength={120} key={form.key('name')} {...form.getInputProps('name')} />
        <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="sm">
          <TextInput
            label={T.codeLabel}
            description={T.codeHint}
            required
            maxLength={6}
            autoCapitalize="characters"
            autoComplete="off"
            styles={{ input: { textTransform: 'uppercase', letterSpacing: '0.1em' } }}
            key={form.key('code')}
            {...form.getInputProps('code')}
          />
          <ConsoleSelect
            label={T.kind}
            data={KIND_OPTIONS}
            value={form.getValues().kind}
            onChange={(value) => form.setFieldValue('kind', value)}
          />
        </SimpleGrid>
        <ConsoleSelect
          label={T.mainLanguage}
          data={LANGUAGE_OPTIONS}
          value={form.getValues().mainLanguage}
          onChange={(value) => {
            const main = LOCALES.find((code) => code === value) ?? 'en';
            form.setFieldValue('mainLanguage', main);
            form.setFieldValue('otherLanguages', form.getValues().otherLanguages.filter((code) => code !== main));
          }}
        />
        <OtherLanguages
          main={form.getValues().mainLanguage}
          value={form.getValues().otherLanguages}
          onChange={(next) => form.setFieldValue('otherLanguages', next)}
          error={form.errors.otherLanguages as string | undefined}
        />
        <Stack gap={4} mt="xs">
          <Title order={3} size="h5">{T.firstAdmin}</Title>
          <Text size="xs" c="dimmed">{T.firstAdminHint}</Text>
        </Stack>
        <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="sm">
          <TextInput label={T.adminName} required maxLength={100} key={form.key('adminName')} {...form.getInputProps('adminName')} />
          <TextInput label={T.adminEmail} type="email" required autoComplete="off" key={form.key('adminEmail')} {...form.getInputProps('adminEmail')} />
        </SimpleGrid>
        <PasswordInput
          label={T.adminPassword}
          description={T.adminPasswordHint}
          required
          autoComplete="new-password"
          key={form.key('adminPassword')}
          {...form.getInputProps('adminPassword')}
        />
        <Text size="xs" c="dimmed">{T.billing}</Text>
        {create.isError ? (
          <Alert color="red" variant="light" icon={<IconAlertCircle size={18} />} role="alert">
            {failureText(create.error, T.createFailed, T.createFailedGeneric)}
          </Alert>
        ) : null}
        <Group justify="flex-end">
          <Button variant="default" onClick={onClose} disabled={create.isPending}>{T.cancel}</Button>
          <Button type="submit" loading={create.isPending}>{T.submit}</Button>
        </Group>
      </Stack>
    </form>
  );
}

/** 'Create association': the association and its first association admin, in one step. */
export function CreateAssociationModal({ opened, onClose, onCreated }: { opened: boolean; onClose: () => void; onCreated: (a: Created) => void }) {
  return (
    <Modal opened={opened} onClose={onClose} title={T.formTitle} size="lg" centered>
      {opened ? <CreateAssociationForm onClose={onClose} onCreated={onCreated} /> : null}
    </Modal>
  );
}
