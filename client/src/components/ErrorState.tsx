import type { ReactNode } from 'react';
import { Alert, Button, Group } from '@mantine/core';
import { IconAlertCircle, IconRefresh } from '@tabler/icons-react';
import { serverMessage } from '../lib/errors';
import { useT } from '../lib/i18n';

interface ErrorStateProps {
  title: string;
  /** The detail, usually the server's message. */
  message?: string;
  onRetry: () => void;
  retrying?: boolean;
  /** Further actions beside Retry. */
  children?: ReactNode;
}

/** The error state of a screen or card: what failed, and a way to try again. */
export function ErrorState({ title, message, onRetry, retrying, children }: ErrorStateProps) {
  const t = useT();
  return (
    <Alert color="red" variant="light" title={title} icon={<IconAlertCircle size={18} />} role="alert">
      {message && message !== title ? message : null}
      <Group gap="sm" mt="sm">
        <Button size="xs" variant="white" color="red" leftSection={<IconRefresh size={14} />} onClick={onRetry} loading={retrying}>
          {t('common.retry')}
        </Button>
        {children}
      </Group>
    </Alert>
  );
}

export interface FailedQuery {
  error: unknown;
  isFetching: boolean;
  refetch: () => unknown;
}

/** ErrorState of a failed query: the server's message (or `fallback`), and Retry refetches it. */
export function QueryErrorState({ query, title, fallback = '' }: { query: FailedQuery; title: string; fallback?: string }) {
  return (
    <ErrorState
      title={title}
      message={serverMessage(query.error, fallback)}
      onRetry={() => void query.refetch()}
      retrying={query.isFetching}
    />
  );
}
