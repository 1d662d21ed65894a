import { Button, Center, Container } from '@mantine/core';
import { ErrorState } from '../../../components/ErrorState';
import { operatorSignedOut } from '../../../lib/operator-store';
import { ADMIN_TEXTS } from './texts';

/** The operator's session could not be checked (no answer, not a refusal). */
export function OperatorUnreachable({ retry, retrying }: { retry: () => void; retrying: boolean }) {
  return (
    <Center component="main" mih="100dvh" p="md">
      <Container size="xs" w="100%">
        <ErrorState title={ADMIN_TEXTS.sessionCheckFailed} onRetry={retry} retrying={retrying}>
          <Button size="xs" variant="subtle" color="red" onClick={operatorSignedOut}>Sign in again</Button>
        </ErrorState>
      </Container>
    </Center>
  );
}
