/** A paged list's search and page from a URL (bounded), and as a query string to keep ("" when neither). */
import { postedId } from "./action-result.server";

/** The largest page a list asks the upstream for: a larger one is simply past the end. */
export const MAX_PAGE = 999_999_999;

/**
 * The `?page=` of a URL: a positive whole number (digits only; anything else is page 1), at most
 * `max` (a larger one is `max`).
 */
export function pageParam(url: URL, max = MAX_PAGE): number {
  return Math.min(postedId(url.searchParams.get("page")) ?? 1, max);
}

export function listState(url: URL) {
  const search = (url.searchParams.get("search") ?? "").trim().slice(0, 100);
  const page = pageParam(url);
  const query = new URLSearchParams({ ...(search ? { search } : {}), ...(page > 1 ? { page: String(page) } : {}) }).toString();
  return { search, page, query: query ? `?${query}` : "" };
}
