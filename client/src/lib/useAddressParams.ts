import { useCallback } from 'react';
import { useSearchParams } from 'react-router-dom';

/** Screen choices kept in the address (?class=…&date=…), so a reload keeps them. `update` sets or
 * (for null/empty) removes several parameters at once, replacing the history entry. */
export function useAddressParams() {
  const [params, setParams] = useSearchParams();
  const update = useCallback((changes: Record<string, string | null>) => {
    setParams((previous) => {
      const next = new URLSearchParams(previous);
      for (const [key, value] of Object.entries(changes)) {
        if (value) next.set(key, value);
        else next.delete(key);
      }
      return next;
    }, { replace: true });
  }, [setParams]);
  return { params, update };
}
