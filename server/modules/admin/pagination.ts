import { pageCount } from '../../../common/schemas/paging.js';

/** The console's pagination object: the page shown, how many pages, how many items. */
export const adminPagination = (total: number, page: number, limit: number) => ({ page, pages: pageCount(total, limit), total });
