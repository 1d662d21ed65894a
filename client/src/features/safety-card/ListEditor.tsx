import type { ReactNode } from 'react';
import { Button, Card, Divider, Group, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { useForm, type FormErrors, type GetInputPropsReturnType } from '@mantine/form';
import { IconPlus } from '@tabler/icons-react';
import { WRAPPING_BUTTON_STYLES } from '../../components/wrapping-button';
import { useT } from '../../lib/i18n';
import { EntryHeading, SaveError, translatedProps } from './form-parts';
import './messages';

/** One field of an entry: its value, change handler and error (in the page's language) for an input. */
type EntryField<Entry> = (name: keyof Entry & string, options?: { type: 'checkbox' }) => GetInputPropsReturnType;

/**
 * The field errors of a list from the API's schema, as the editor's form names its fields
 * (`entries.<index>.<field>`): the schema's path of the list (`guardians`) becomes `entries`; a schema
 * that takes one object instead of a list (the emergency contact's `contact`) names entry `entry`.
 * Any other error stays as it is, so it still stops the save.
 */
export function listErrors(errors: FormErrors, listPath: string, entry?: number): FormErrors {
  const prefix = entry === undefined ? 'entries' : `entries.${entry}`;
  return Object.fromEntries(Object.entries(errors).map(([path, message]) => [
    path === listPath || path.startsWith(`${listPath}.`) ? `${prefix}${path.slice(listPath.length)}` : path,
    message,
  ]));
}

interface ListEditorProps<Entry extends object> {
  /** Names the section: its heading's id (`<name>-form-heading`) and its form's test id (`<name>-form`). */
  name: string;
  title: string;
  /** The entries stored, as the form edits them. */
  stored: readonly Entry[];
  /** A new entry's values. */
  blank: Entry;
  /** The fewest entries the form shows (blank ones fill up to it) and keeps (no Remove at it). */
  min: number;
  /** The most entries the list takes: Add is offered below it. */
  max: number;
  /** The errors of the entries, checked with the API's own schema (see listErrors), so its messages show at the field. */
  check: (entries: Entry[]) => FormErrors;
  /** The save's state (the tRPC mutation that replaces the list): busy, and the refusal shown above Save. */
  mutation: { isPending: boolean; isError: boolean; error: unknown; reset: () => void };
  /** Saves the whole list; `saved` is given the list as the server stored it (a phone in E.164), which becomes the form's. */
  send: (entries: Entry[], saved: (stored: readonly Entry[]) => void) => void;
  /** An entry's fields, laid out in `columns` from a small tablet up (one column on a phone). */
  children: (field: EntryField<Entry>, index: number) => ReactNode;
  columns: number;
  /** How an entry is named (Guardian 2): each entry is then a group under that heading with its Remove.
   * Without it the list has its one entry, shown as fields alone. */
  entryTitle?: (index: number) => string;
  /** The test id of each entry's group. */
  entryTestId?: string;
  labels: {
    save: string;
    /** Add an entry (a list that may grow). */
    add?: string;
    /** Shown when the list is empty. */
    empty?: string;
    /** Saves the list empty at once (the emergency contact's Remove), offered while it holds anything. */
    clear?: string;
  };
}

/**
 * A list of the safety card (guardians, authorised pickups, the emergency contact) edited as the API
 * takes it: the whole list saved at once, replacing the stored one. Checked with the server's own
 * schema before it is sent; anything the server still refuses shows above Save until the next change.
 */
export function ListEditor<Entry extends object>(props: ListEditorProps<Entry>) {
  const { name, title, stored, blank, min, max, check, mutation, send, children, columns, entryTitle, labels } = props;
  const t = useT();
  const filled = (entries: readonly Entry[]) => [...entries, ...Array.from({ length: Math.max(0, min - entries.length) }, () => ({ ...blank }))];
  const form = useForm<{ entries: Entry[] }>({
    initialValues: { entries: filled(stored) },
    validate: (values) => check(values.entries),
    onValuesChange: () => {
      if (mutation.isError) mutation.reset();
    },
  });
  const saved = (entries: readonly Entry[]) => {
    const values = { entries: filled(entries) };
    form.setValues(values);
    form.resetDirty(values);
  };
  const entries = form.values.entries;
  const holdsAnything = stored.length > 0
    || entries.some((entry) => (Object.keys(blank) as (keyof Entry)[]).some((key) => entry[key] !== blank[key]));

  const fieldsOf = (index: number) => {
    const field: EntryField<Entry> = (fieldName, options) => translatedProps(t, form.getInputProps(`entries.${index}.${fieldName}`, options));
    return <SimpleGrid key={index} cols={{ base: 1, sm: columns }} spacing="sm">{children(field, index)}</SimpleGrid>;
  };

  return (
    <Card withBorder padding="lg" component="section" aria-labelledby={`${name}-form-heading`}>
      <form noValidate onSubmit={form.onSubmit((values) => send(values.entries, saved))} data-testid={`${name}-form`}>
        <Stack gap="md">
          <Title order={2} size="h4" id={`${name}-form-heading`}>{title}</Title>
          {entries.length === 0 && labels.empty ? <Text c="dimmed">{labels.empty}</Text> : null}
          {entryTitle ? entries.map((_, index) => {
            const heading = entryTitle(index);
            return (
              <Stack key={index} gap="sm" component="fieldset" aria-label={heading} m={0} p={0} style={{ border: 0 }} data-testid={props.entryTestId}>
                {index > 0 ? <Divider /> : null}
                <EntryHeading title={heading} onRemove={entries.length > min ? () => form.removeListItem('entries', index) : undefined} />
                {fieldsOf(index)}
              </Stack>
            );
          }) : entries.map((_, index) => fieldsOf(index))}
          <SaveError error={mutation.error} />
          <Group gap="sm">
            <Button styles={WRAPPING_BUTTON_STYLES} type="submit" loading={mutation.isPending}>{labels.save}</Button>
            {labels.add && entries.length < max ? (
              <Button styles={WRAPPING_BUTTON_STYLES} variant="default" leftSection={<IconPlus size={16} aria-hidden />} onClick={() => form.insertListItem('entries', { ...blank })}>
                {labels.add}
              </Button>
            ) : null}
            {labels.clear && holdsAnything ? (
              <Button styles={WRAPPING_BUTTON_STYLES} variant="default" color="red" onClick={() => send([], saved)} disabled={mutation.isPending}>
                {labels.clear}
              </Button>
            ) : null}
          </Group>
        </Stack>
      </form>
    </Card>
  );
}
