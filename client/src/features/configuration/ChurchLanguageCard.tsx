import { useState } from 'react';
import { Alert, Button, Card, Group, Select, Stack, Text, Title } from '@mantine/core';
import { IconAlertCircle } from '@tabler/icons-react';
import { LOCALES, LOCALE_NAMES, isLocale, type Locale } from '../../../../common/i18n/locales';
import { useT } from '../../lib/i18n';
import { serverMessage } from '../../lib/errors';
import { notify } from '../../lib/notify';
import { trpc } from '../../lib/trpc';
import { useCan, useSignedInSession } from '../auth';
import './messages';

/** Each language by its own name, as the picker shows them. */
const LANGUAGE_OPTIONS = LOCALES.map((locale) => ({ value: locale, label: LOCALE_NAMES[locale] }));

/**
 * The church's default language (super admin only): what the screens and mails speak to its users
 * who chose none. After a save the session is asked again, so a user who follows the church (the
 * super admin too, if they chose none) sees the new language at once.
 */
export function ChurchLanguageCard() {
  const t = useT();
  const { church } = useSignedInSession();
  const allowed = useCan('configureLanguage');
  const [chosen, setChosen] = useState<Locale>(church.default_language);
  const utils = trpc.useUtils();
  const save = trpc.churches.setDefaultLanguage.useMutation({
    onSuccess: async () => {
      notify({ color: 'green', message: t('configuration.language.saved') });
      await utils.auth.verify.invalidate();
    },
  });

  if (!allowed) return null;

  return (
    <Card withBorder padding="lg">
      <form
        noValidate
        aria-label={t('configuration.language.title')}
        onSubmit={(event) => {
          event.preventDefault();
          save.mutate({ language: chosen });
        }}
      >
        <Stack gap="md">
          <Stack gap={4}>
            <Title order={2} size="h4">{t('configuration.language.title')}</Title>
            <Text size="sm" c="dimmed">{t('configuration.language.description')}</Text>
          </Stack>
          <Select
            label={t('configuration.language.label')}
            data={LANGUAGE_OPTIONS}
            allowDeselect={false}
            maw={320}
            value={chosen}
            onChange={(value) => {
              if (isLocale(value)) setChosen(value);
              if (save.isError) save.reset();
            }}
          />
          {save.isError ? (
            <Alert color="red" variant="light" icon={<IconAlertCircle size={18} />} role="alert">
              {serverMessage(save.error, t('configuration.language.saveFailed'))}
            </Alert>
          ) : null}
          <Group gap="sm">
            <Button type="submit" loading={save.isPending}>{t('configuration.language.save')}</Button>
          </Group>
        </Stack>
      </form>
    </Card>
  );
}
