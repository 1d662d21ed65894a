import { useEffect } from 'react';
import { pageValue } from './console-params';

/**
 * Back to the last page when the page in the address is past it (its last item was deleted, or an old
 * link): otherwise the list would show its empty state while other pages still hold items.
 */
export function useClampedPage(
  page: number,
  pagination: { pages: number } | undefined,
  update: (changes: Record<string, string | null>) => void,
) {
  const pages = pagination?.pages;
  useEffect(() => {
    if (pages !== undefined && page > pages) update({ page: pageValue(pages) });
  }, [page, pages, update]);
}
