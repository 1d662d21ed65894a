/**
 * A download made at most once: every call shares the first call's promise. A failed download is
 * forgotten, so the next call (a Retry, the next submit) tries again.
 */
export function loadOnce<T>(load: () => Promise<T>): () => Promise<T> {
  let loading: Promise<T> | undefined;
  return () => {
    loading ??= load().catch((error: unknown) => {
      loading = undefined;
      throw error;
    });
    return loading;
  };
}
