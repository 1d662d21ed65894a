import { Center, Loader, Stack, Text } from '@mantine/core';

/** Whole-screen loading state, e.g. while a stored session is verified. */
export function FullPageLoader({ label }: { label: string }) {
  return (
    <Center component="main" mih="100dvh" p="md">
      <Stack align="center" gap="sm" role="status" aria-live="polite">
        <Loader />
        <Text c="dimmed">{label}</Text>
      </Stack>
    </Center>
  );
}
