import { useState } from 'react';
import { Alert, Button, Card, Group, NumberInput, Skeleton, Stack, Text, Title } from '@mantine/core';
import { IconAlertCircle } from '@tabler/icons-react';
import { QueryErrorState, type FailedQuery } from './ErrorState';
import { serverMessage } from '../lib/errors';
import { localized, useT } from '../lib/i18n';

/** The texts of a setting card, already in the reader's language. */
interface SettingTexts { title: string; description: string; label: string; loadFailed: string; saveFailed: string; save: string }

/** The answer of a shared zod schema's `safeParse`: the input to save, or the first problem's message. */
type Checked<Input> = { success: true; data: Input } | { success: false; error: { issues: Array<{ message: string }> } };

/**
 * A Configuration card that edits one whole number of the church (a follow-up threshold, the
 * retention years): loading, load failure with Retry, the number checked by the shared schema before
 * it is sent, the server's refusal in the reader's language.
 */
export function NumberSettingCard<Input>({ texts, bounds, setting, current, check, save }: {
  texts: SettingTexts;
  bounds: { min: number; max: number };
  setting: FailedQuery & { isPending: boolean; isError: boolean; data?: unknown };
  current: number | undefined;
  check: (value: string | number) => Checked<Input>;
  save: { mutate: (input: Input) => void; isPending: boolean; isError: boolean; error: unknown; reset: () => void };
}) {
  const t = useT();
  const [value, setValue] = useState<string | number | undefined>(undefined);
  const [error, setError] = useState<string | undefined>(undefined);
  const shown = value ?? current ?? '';

  return (
    <Card withBorder padding="lg">
      <form
        noValidate
        aria-label={texts.title}
        onSubmit={(event) => {
          event.preventDefault();
          const parsed = check(shown);
          if (!parsed.success) {
            setError(parsed.error.issues[0]?.message);
            return;
          }
          save.mutate(parsed.data);
        }}
      >
        <Stack gap="md">
          <Stack gap={4}>
            <Title order={2} size="h4">{texts.title}</Title>
            <Text size="sm" c="dimmed">{texts.description}</Text>
          </Stack>
          {setting.isPending ? <Skeleton height={36} maw={320} aria-busy="true" /> : null}
          {setting.isError ? <QueryErrorState query={setting} title={texts.loadFailed} /> : null}
          {setting.data ? (
            <NumberInput
              label={texts.label}
              min={bounds.min}
              max={bounds.max}
              allowDecimal={false}
              allowNegative={false}
              maw={320}
              value={shown}
              onChange={(next) => {
                setValue(next);
                setError(undefined);
                if (save.isError) save.reset();
              }}
              error={localized(t, error)}
            />
          ) : null}
          {save.isError ? (
            <Alert color="red" variant="light" icon={<IconAlertCircle size={18} />} role="alert">
              {localized(t, serverMessage(save.error, texts.saveFailed))}
            </Alert>
          ) : null}
          <Group gap="sm">
            <Button type="submit" loading={save.isPending} disabled={!setting.data}>{texts.save}</Button>
          </Group>
        </Stack>
      </form>
    </Card>
  );
}
