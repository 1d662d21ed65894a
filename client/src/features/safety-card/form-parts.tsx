import { ActionIcon, Alert, Group, Title } from '@mantine/core';
import { IconAlertCircle, IconTrash } from '@tabler/icons-react';
import { RELATIONS } from '../../../../common/schemas/guardians';
import { serverMessage } from '../../lib/errors';
import { localized, useT } from '../../lib/i18n';
import './messages';

/** The relation choices of a guardian or pickup, in the page's language. */
export function useRelationOptions() {
  const t = useT();
  return RELATIONS.map((relation) => ({ value: relation, label: t('safety.relation', { relation }) }));
}

/** A field's props from a Mantine form, its validation message in the page's language. */
export function translatedProps<P extends { error?: unknown }>(t: ReturnType<typeof useT>, props: P) {
  return { ...props, error: localized(t, props.error as string | undefined) };
}

/** The heading of one entry of a list (Guardian 2) with its remove button. */
export function EntryHeading({ title, onRemove }: { title: string; onRemove?: () => void }) {
  const t = useT();
  return (
    <Group justify="space-between" wrap="nowrap">
      <Title order={3} size="h5">{title}</Title>
      {onRemove ? (
        <ActionIcon variant="subtle" color="red" aria-label={t('safety.remove', { subject: title })} onClick={onRemove}>
          <IconTrash size={18} />
        </ActionIcon>
      ) : null}
    </Group>
  );
}

/** A refused save: the server's message (in the page's language when the catalogue has it). */
export function SaveError({ error }: { error: unknown }) {
  const t = useT();
  if (!error) return null;
  return (
    <Alert color="red" variant="light" icon={<IconAlertCircle size={18} />} role="alert" data-testid="save-error">
      {t('safety.saveFailed', { detail: localized(t, serverMessage(error, t('safety.unreachable'))) })}
    </Alert>
  );
}
