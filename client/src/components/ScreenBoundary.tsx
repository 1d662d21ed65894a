import { Suspense, type ReactNode } from 'react';
import { ErrorBoundary } from 'react-error-boundary';
import { ErrorState } from './ErrorState';
import { useT } from '../lib/i18n';

/**
 * Where a lazily loaded screen appears: `fallback` while its chunk downloads, and an error with a
 * Retry when the download fails (a dropped mobile connection). Retry reloads the page: the page is
 * never cached, so it also picks up a newer release whose chunks have other names.
 */
export function ScreenBoundary({ fallback, children }: { fallback: ReactNode; children: ReactNode }) {
  return (
    <ErrorBoundary fallbackRender={() => <ScreenLoadFailed />}>
      <Suspense fallback={fallback}>{children}</Suspense>
    </ErrorBoundary>
  );
}

function ScreenLoadFailed() {
  const t = useT();
  return <ErrorState title={t('common.screenLoadFailed')} onRetry={() => window.location.reload()} />;
}
