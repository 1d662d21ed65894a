import { useCallback } from 'react';
import { useSearchParams } from 'react-router-dom';

/** Screen choices kept in the address (?class=…&date=…), so a reload keeps them. `update` sets or
 * (for null/empty) removes several parameters at once. It replaces the history entry, unless
 * `{ push: true }` asks for a new one: choices Back should return to (a filter, a page). */
export function useAddressParams() {
  const [params, setParams] = useSearchParams();
  const update = useCallback((changes: Record<string, string | null>, options: { push?: boolean } = {}) => {
    setParams((previous) => {
      const next = new URLSearchParams(previous);
      for (const [key, value] of Object.entries(changes)) {
        if (value) next.set(key, value);
        else next.delete(key);
      }
      return next;
    }, { replace: !options.push });
  }, [setParams]);
  return { params, update };
}
