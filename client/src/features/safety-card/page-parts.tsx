import type { ReactNode } from 'react';
import { Anchor, Group, Stack, Title } from '@mantine/core';
import { IconArrowLeft } from '@tabler/icons-react';
import { useNavigate } from 'react-router-dom';
import { httpStatusOf } from '../../lib/errors';

/** A child the user may not reach (a teacher: another class's) is answered 404, a malformed id 400:
 * both are "not found" to the user. */
export const isNotFound = (error: unknown) => [400, 404].includes(httpStatusOf(error) ?? 0);

/** Back to where the card was opened from (the roll call, the student list), or to Students when
 * the card was opened by its address. */
export function BackLink({ fallback, label }: { fallback: string; label: string }) {
  const navigate = useNavigate();
  return (
    <Anchor
      component="button"
      type="button"
      size="sm"
      onClick={() => {
        // React Router numbers its history entries: above 0, the previous one is this app's.
        if ((window.history.state as { idx?: number } | null)?.idx) void navigate(-1);
        else void navigate(fallback);
      }}
      style={{ alignSelf: 'flex-start' }}
    >
      <Group gap={4} wrap="nowrap"><IconArrowLeft size={16} aria-hidden />{label}</Group>
    </Anchor>
  );
}


/** A section of the card: its heading (h2 under the child's name) and contents. */
export function Section({ title, children, testId }: { title: string; children: ReactNode; testId: string }) {
  return (
    <Stack gap="xs" component="section" aria-label={title} data-testid={testId}>
      <Title order={2} size="h4">{title}</Title>
      {children}
    </Stack>
  );
}
