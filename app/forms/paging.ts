/**
 * The numbers of a paged list (ADR 035), one pure module for every list page, server or browser:
 * the upstream pages a list (`page`, `per_page`, `total`); the page shows "page X of Y" and the
 * pager's links (`<Pager>`, app/ui/pager.tsx). `?page=` is read on the server by `pageParam`
 * (list-state.server.ts).
 */

/** How many pages `total` rows make, `perPage` a page: at least one (an empty list is one empty page). */
export const pageCount = (total: number, perPage: number): number => Math.max(1, Math.ceil(total / perPage));

/** The previous and next pages of `page` among `pages` (null at either end). */
export const neighbours = (page: number, pages: number) => ({ previous: page > 1 ? page - 1 : null, next: page < pages ? page + 1 : null });
