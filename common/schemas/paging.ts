import { z } from 'zod';

const PAGE_MESSAGES = { pageInvalid: 'Page and limit must be whole numbers from 1' } as const;

/**
 * A page number or page size from a query string or JSON: whole, from 1 to `max`; missing or blank
 * is `fallback`.
 */
export const pageNumber = (max: number, fallback: number) => z.preprocess(
  (v) => (v === undefined || v === '' ? undefined : typeof v === 'string' ? Number(v) : v),
  z.number({ error: PAGE_MESSAGES.pageInvalid }).int(PAGE_MESSAGES.pageInvalid).min(1, PAGE_MESSAGES.pageInvalid)
    .max(max, PAGE_MESSAGES.pageInvalid).default(fallback),
);

/** The pages of a list that has `total` items, `limit` to a page: at least one page, even when empty. */
export const pageCount = (total: number, limit: number) => Math.max(1, Math.ceil(total / limit));

/** The pagination object of a paged list (the console's lists): the page shown, how many pages, how many items. */
export const listPagination = (total: number, page: number, limit: number) => ({ page, pages: pageCount(total, limit), total });
